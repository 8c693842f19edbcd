import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError } from '../../ui/notify.ts';
import {
  type CreatedToken,
  curlLine,
  type SignalEndpoint,
  useSignalEndpointMutations,
} from './use-signal-endpoints.ts';
import { basePath } from '../../api/base-path.ts';

/** An endpoint's tokens: make one (its secret is shown this once, with a ready curl line) or delete one. */
export function SignalTokensModal({ endpoint, onClose }: { endpoint: SignalEndpoint; onClose: () => void }) {
  const { createToken, removeToken } = useSignalEndpointMutations();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const errors = fieldErrors(createToken.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    createToken.mutate(
      { id: endpoint.id, name: name.trim() },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName('');
        },
      },
    );
  };
  const curl = created ? curlLine(`${window.location.origin}${basePath}`, endpoint.name, created.token) : '';
  return (
    <Modal opened onClose={onClose} title={`Tokens of ${endpoint.name}`} size="xl">
      <Stack>
        {created && (
          <Alert color="green" title="Copy the token now: it is not shown again">
            <Stack gap="xs">
              <Code block data-testid="signal-token">
                {created.token}
              </Code>
              <Text size="sm">Send a signal with:</Text>
              <Code block data-testid="signal-curl">
                {curl}
              </Code>
              <Group>
                <CopyButton value={curl}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy the curl line'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        {endpoint.tokens.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Token</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoint.tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{new Date(token.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={removeToken.isPending}
                      onClick={() =>
                        removeToken.mutate(
                          { id: endpoint.id, tokenId: token.id },
                          { onError: (error) => notifyError(error, 'delete the token') },
                        )
                      }
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label="New token"
              placeholder="Who uses it, e.g. alertmanager"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errorFor(errors, 'name') ?? errors.form}
            />
            <Button type="submit" loading={createToken.isPending}>
              Create token
            </Button>
          </Group>
        </form>
      </Stack>
    </Modal>
  );
}
