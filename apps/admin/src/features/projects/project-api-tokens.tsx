import { Button, Group, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifyError } from '../../ui/notify.ts';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { ConnectSdkModal } from '../connect-sdk/connect-sdk-modal.tsx';
import { useProjectApiTokenMutations, useProjectApiTokens } from '../api-tokens/use-project-api-tokens.ts';

/** The API tokens scoped to this project: listed, created (secret shown once) and deleted. */
export function ProjectApiTokens({
  projectId,
  environments,
  can,
}: {
  projectId: string;
  environments: string[];
  can: { create: boolean; remove: boolean };
}) {
  const tokens = useProjectApiTokens(projectId);
  const { create, remove } = useProjectApiTokenMutations(projectId);
  const [tokenName, setTokenName] = useState('');
  const [type, setType] = useState('client');
  const [environment, setEnvironment] = useState(environments[0] ?? 'development');
  const [connecting, setConnecting] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { tokenName, type, environment },
      {
        onSuccess: () => setTokenName(''),
        onError: (e) => notifyError(e, 'create the token'),
      },
    );
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="project-tokens">
      <Title id="project-tokens" order={2} size="h4" mb="sm">
        API tokens
      </Title>
      {create.data && (
        <TokenSecret
          description={create.data.tokenName}
          secret={create.data.secret}
          actions={
            create.data.type !== 'admin' && (
              <Button variant="default" onClick={() => setConnecting(true)}>
                Connect your app with it
              </Button>
            )
          }
        />
      )}
      {connecting && create.data && (
        <ConnectSdkModal
          projectId={projectId}
          initialToken={create.data}
          onClose={() => setConnecting(false)}
        />
      )}
      {can.create && (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm" my="sm">
            <TextInput
              label="Token name"
              required
              value={tokenName}
              onChange={(e) => setTokenName(e.currentTarget.value)}
            />
            <Select
              label="Type"
              data={[
                { value: 'client', label: 'Server SDK' },
                { value: 'frontend', label: 'Frontend SDK' },
              ]}
              value={type}
              onChange={(value) => setType(value ?? 'client')}
              allowDeselect={false}
              w={150}
            />
            <Select
              label="Environment"
              data={environments}
              value={environment}
              onChange={(value) => setEnvironment(value ?? environment)}
              allowDeselect={false}
              w={160}
            />
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
        </form>
      )}
      {tokens.data?.length ? (
        <Table aria-labelledby="project-tokens" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Environment</Table.Th>
              <Table.Th>Secret</Table.Th>
              {can.remove && <Table.Th>Delete</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.secret}>
                <Table.Td>{token.tokenName}</Table.Td>
                <Table.Td>{token.type}</Table.Td>
                <Table.Td>{token.environment}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {token.secret}
                  </Text>
                </Table.Td>
                {can.remove && (
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      aria-label={`Delete token ${token.tokenName}`}
                      onClick={() =>
                        remove.mutate(token.secret, { onError: (e) => notifyError(e, 'delete the token') })
                      }
                    >
                      Delete
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {tokens.error ? 'You may not see this project’s tokens.' : 'No tokens for this project yet.'}
        </Text>
      )}
    </Paper>
  );
}
