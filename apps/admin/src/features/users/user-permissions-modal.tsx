import { Badge, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../ui/query-state.tsx';
import { useEnvironments } from '../environments/use-environments.ts';
import { useProjects } from '../projects/use-projects.ts';
import { useUserPermissions, type PermissionCheck } from './use-user-permissions.ts';

/**
 * Everything one user may do, in a project and an environment picked here: the answer the server's own checks
 * give, from the user's root role, project roles and groups.
 */
export function UserPermissionsModal({
  user,
  serviceAccount,
  onClose,
}: {
  user: { id: number; label: string };
  serviceAccount?: boolean;
  onClose: () => void;
}) {
  const projects = useProjects();
  const environments = useEnvironments();
  const [project, setProject] = useState<string | null>(null);
  const [environment, setEnvironment] = useState<string | null>(null);
  const permissions = useUserPermissions(
    user.id,
    {
      project: project ?? undefined,
      environment: environment ?? undefined,
    },
    serviceAccount,
  );
  return (
    <Modal opened onClose={onClose} title={`Permissions of ${user.label}`} size="xl">
      <Stack>
        <Group grow>
          <Select
            label="Project"
            placeholder="default"
            data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={project}
            onChange={setProject}
            searchable
            clearable
            error={projects.error ? `Could not load projects: ${projects.error.message}` : undefined}
          />
          <Select
            label="Environment"
            placeholder="the first environment"
            data={(environments.data ?? []).map((e) => e.name)}
            value={environment}
            onChange={setEnvironment}
            clearable
            error={
              environments.error ? `Could not load environments: ${environments.error.message}` : undefined
            }
          />
        </Group>
        <QueryState query={permissions} label="permissions">
          {(data) => {
            const environmentName =
              environment ?? data.overview.environment.find((p) => p.environment)?.environment ?? undefined;
            return (
              <Stack aria-busy={permissions.isPlaceholderData}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    Root role:
                  </Text>
                  <Badge variant="light">{data.rootRole.name}</Badge>
                  <Text size="sm" fw={600} ml="md">
                    Roles in {project ?? 'default'}:
                  </Text>
                  {data.projectRoles.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      none
                    </Text>
                  ) : (
                    data.projectRoles.map((role) => (
                      <Badge key={role.id} variant="light" color="grape">
                        {role.name}
                      </Badge>
                    ))
                  )}
                </Group>
                <PermissionTable title="Root permissions" checks={data.overview.root} />
                <PermissionTable
                  title={`Project permissions in ${project ?? 'default'}`}
                  checks={data.overview.project}
                />
                <PermissionTable
                  title={`Environment permissions in ${environmentName ?? 'the first environment'}`}
                  checks={data.overview.environment}
                />
              </Stack>
            );
          }}
        </QueryState>
      </Stack>
    </Modal>
  );
}

function PermissionTable({ title, checks }: { title: string; checks: PermissionCheck[] }) {
  const held = checks.filter((check) => check.hasPermission).length;
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb={4}>
        {title}{' '}
        <Text span size="sm" c="dimmed">
          ({held} of {checks.length} held)
        </Text>
      </Title>
      <Table striped verticalSpacing={4} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th>Allows</Table.Th>
            <Table.Th>Held</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((check) => (
            <Table.Tr key={`${check.name}:${check.environment ?? ''}`}>
              <Table.Td>
                <code>{check.name}</code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{check.displayName}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={check.hasPermission ? 'green' : 'gray'} variant="light">
                  {check.hasPermission ? 'Held' : 'Not held'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
