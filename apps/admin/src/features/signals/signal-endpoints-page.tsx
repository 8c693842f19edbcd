import { Button, Group, Switch, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { SignalEndpointFormModal } from './signal-endpoint-form-modal.tsx';
import { SignalLogModal } from './signal-log-modal.tsx';
import { SignalTokensModal } from './signal-tokens-modal.tsx';
import {
  type SignalEndpoint,
  useSignalEndpointMutations,
  useSignalEndpoints,
} from './use-signal-endpoints.ts';

/** Signal endpoints: URLs that monitoring and other systems call with a token; project actions act on their signals. */
export function SignalEndpointsPage() {
  const isAdmin = usePermissions().can('ADMIN');
  const endpoints = useSignalEndpoints(isAdmin);
  const { remove, setEnabled } = useSignalEndpointMutations();
  const [editing, setEditing] = useState<{ endpoint?: SignalEndpoint } | null>(null);
  const [tokensOf, setTokensOf] = useState<SignalEndpoint | null>(null);
  const [logOf, setLogOf] = useState<SignalEndpoint | null>(null);
  const [deleting, setDeleting] = useState<SignalEndpoint | null>(null);
  if (!isAdmin)
    return (
      <>
        <PageHeader title="Signal endpoints" />
        <EmptyState>Signal endpoints are for admins.</EmptyState>
      </>
    );
  // Tokens change under the open modal: show the endpoint as the list now has it.
  const current = (endpoint: SignalEndpoint | null) =>
    endpoint && (endpoints.data?.find((e) => e.id === endpoint.id) ?? endpoint);
  return (
    <>
      <PageHeader
        title="Signal endpoints"
        description="URLs your monitoring and other systems post signals to, with a token. A project's actions turn flags on or off when a signal matches."
        actions={
          <>
            <Button component={Link} to="/signals" variant="default">
              All signals
            </Button>
            <Button onClick={() => setEditing({})}>New signal endpoint</Button>
          </>
        }
      />
      <QueryState
        query={endpoints}
        label="signal endpoints"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No signal endpoints yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Endpoint</Table.Th>
                <Table.Th>Tokens</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((endpoint) => (
                <Table.Tr key={endpoint.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {endpoint.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      /api/signal-endpoint/{endpoint.name}
                      {endpoint.description ? ` · ${endpoint.description}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{endpoint.tokens.length}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${endpoint.name} receives signals`}
                      checked={endpoint.enabled}
                      label={endpoint.enabled ? 'Enabled' : 'Disabled'}
                      onChange={(event) => {
                        const enabled = event.currentTarget.checked;
                        setEnabled.mutate(
                          { id: endpoint.id, enabled },
                          {
                            onSuccess: () =>
                              notifySuccess(`${endpoint.name} ${enabled ? 'receives' : 'ignores'} signals`),
                            onError: (error) => notifyError(error, `switch ${endpoint.name}`),
                          },
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setTokensOf(endpoint)}>
                        Tokens
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setLogOf(endpoint)}>
                        Signals
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing({ endpoint })}>
                        Edit
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(endpoint)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && <SignalEndpointFormModal endpoint={editing.endpoint} onClose={() => setEditing(null)} />}
      {tokensOf && <SignalTokensModal endpoint={current(tokensOf)!} onClose={() => setTokensOf(null)} />}
      {logOf && <SignalLogModal endpoint={logOf} onClose={() => setLogOf(null)} />}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete this signal endpoint?"
          confirmLabel="Delete endpoint"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess('Signal endpoint deleted');
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the signal endpoint'),
            })
          }
        >
          <Text size="sm">Its tokens, its signals and the action sets listening to it are deleted too.</Text>
        </ConfirmModal>
      )}
    </>
  );
}
