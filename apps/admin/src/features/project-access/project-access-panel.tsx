import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { AddAccessModal } from './add-access-modal.tsx';
import { EditRolesModal } from './edit-roles-modal.tsx';
import { accessEntries, grantableRoles, kindLabel, type AccessEntry } from './project-access.ts';
import { useProjectAccess, useProjectAccessMutations } from './use-project-access.ts';

/**
 * The Access tab of a project: who holds which project roles, directly (users and service accounts) or through
 * groups. Reading needs PROJECT_USER_ACCESS_READ, changing PROJECT_USER_ACCESS_WRITE.
 */
export function ProjectAccessPanel({ projectId }: { projectId: string }) {
  const { can } = usePermissions();
  const canWrite = can('PROJECT_USER_ACCESS_WRITE', { project: projectId });
  const access = useProjectAccess(projectId);
  const { remove } = useProjectAccessMutations(projectId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AccessEntry | null>(null);
  const [removing, setRemoving] = useState<AccessEntry | null>(null);
  const entries = useMemo(() => (access.data ? accessEntries(access.data) : []), [access.data]);
  const roles = useMemo(() => grantableRoles(access.data?.roles ?? []), [access.data]);
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? `role ${id}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Project roles decide what people, service accounts and groups may do in this project.
        </Text>
        {canWrite && (
          <Button onClick={() => setAdding(true)} disabled={!access.data}>
            Add access
          </Button>
        )}
      </Group>
      <QueryState
        query={access}
        label="access"
        isEmpty={() => entries.length === 0}
        empty={<EmptyState>Nobody holds a role in this project yet.</EmptyState>}
      >
        {() => (
          <Table striped aria-label="Access">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Roles</Table.Th>
                {canWrite && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.key}>
                  <Table.Td>
                    <Text fw={500}>{entry.label}</Text>
                    {entry.detail && (
                      <Text size="xs" c="dimmed">
                        {entry.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{kindLabel(entry.kind)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} aria-label={`Roles of ${entry.label}`} role="list">
                      {entry.roles.map((id) => (
                        <Badge key={id} variant="light" role="listitem">
                          {roleName(id)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Edit roles of ${entry.label}`}
                          onClick={() => setEditing(entry)}
                        >
                          Edit roles
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`Remove ${entry.label}`}
                          onClick={() => setRemoving(entry)}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {adding && (
        <AddAccessModal
          projectId={projectId}
          roles={roles}
          listed={new Set(entries.map((entry) => entry.key))}
          onClose={() => setAdding(false)}
        />
      )}
      {editing && (
        <EditRolesModal
          projectId={projectId}
          entry={editing}
          roles={roles}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmModal
          opened
          title={`Remove ${removing.label} from ${projectId}?`}
          confirmLabel="Remove access"
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(
              { kind: removing.kind, id: removing.id },
              {
                onSuccess: () => {
                  notifySuccess(`Removed ${removing.label} from the project`);
                  setRemoving(null);
                },
                onError: (error) => notifyError(error, `remove ${removing.label}`),
              },
            )
          }
        >
          <Text size="sm">
            {removing.kind === 'group'
              ? 'Its members lose the roles the group held here; roles they hold themselves stay.'
              : 'They lose every role they hold here directly; roles through their groups stay.'}
          </Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
