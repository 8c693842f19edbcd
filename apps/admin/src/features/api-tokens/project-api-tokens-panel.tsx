import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '../../api/wire.ts';
import { when } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { ListedSecret } from './listed-secret.tsx';
import { useProjects } from '../projects/use-projects.ts';
import { useProjectEnvironments } from '../environments/use-environments.ts';
import { useProjectApiTokenMutations, useProjectApiTokens } from './use-project-api-tokens.ts';

/** One project's tokens, as a project owner manages them: scoped to that project, in one of its environments. */
export function ProjectApiTokensPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-label="Project tokens">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Tokens of one project
        </Title>
        <Button size="xs" variant="default" onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
      {open && <ProjectTokens />}
    </Paper>
  );
}

function ProjectTokens() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  return (
    <Stack mt="sm">
      <Select
        label="Project"
        placeholder="Pick a project"
        data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={projectId}
        onChange={setProjectId}
        searchable
        w={260}
      />
      {projectId && <TokensOf projectId={projectId} />}
    </Stack>
  );
}

function TokensOf({ projectId }: { projectId: string }) {
  const tokens = useProjectApiTokens(projectId);
  const environments = useProjectEnvironments(projectId);
  const { create, remove } = useProjectApiTokenMutations(projectId);
  const [name, setName] = useState('');
  const [type, setType] = useState<'client' | 'frontend'>('client');
  const [environment, setEnvironment] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiToken | null>(null);
  return (
    <Stack>
      <QueryState
        query={tokens}
        label="project tokens"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No tokens for {projectId} alone.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Tbody>
              {list.map((token) => (
                <Table.Tr key={token.secret}>
                  <Table.Td>
                    {token.tokenName}
                    <ListedSecret listed={token.secret} />
                  </Table.Td>
                  <Table.Td>{token.type}</Table.Td>
                  <Table.Td>{token.environment}</Table.Td>
                  <Table.Td>{when(token.seenAt ?? null)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete token ${token.tokenName}`}
                      onClick={() =>
                        remove.mutate(token.secret, {
                          onSuccess: () => notifySuccess(`Deleted ${token.tokenName}`),
                          onError: (error) => notifyError(error, 'delete the token'),
                        })
                      }
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {created ? (
        <TokenSecret
          description={created.tokenName}
          secret={created.secret}
          actions={
            <Button size="xs" variant="default" onClick={() => setCreated(null)}>
              Done
            </Button>
          }
        />
      ) : (
        <Group align="flex-end">
          <TextInput
            label="Token name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label="Type"
            data={['client', 'frontend']}
            value={type}
            allowDeselect={false}
            onChange={(value) => setType(value === 'frontend' ? 'frontend' : 'client')}
            w={120}
          />
          <Select
            label="Environment"
            data={(environments.data ?? []).map((env) => env.name)}
            value={environment}
            onChange={setEnvironment}
            w={180}
          />
          <Button
            disabled={!name.trim() || !environment}
            loading={create.isPending}
            onClick={() =>
              environment &&
              create.mutate(
                { tokenName: name.trim(), type, environment },
                {
                  onSuccess: (token) => {
                    setCreated(token);
                    setName('');
                  },
                  onError: (error) => notifyError(error, 'create the token'),
                },
              )
            }
          >
            Create project token
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        These tokens reach only {projectId}; they are also listed above with every other token.
      </Text>
    </Stack>
  );
}
