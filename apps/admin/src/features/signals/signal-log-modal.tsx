import { Code, Modal, Table } from '@mantine/core';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { type SignalEndpoint, useEndpointSignals } from './use-signal-endpoints.ts';

/** The signals one endpoint received, newest first, with what each sent. */
export function SignalLogModal({ endpoint, onClose }: { endpoint: SignalEndpoint; onClose: () => void }) {
  const signals = useEndpointSignals(endpoint.id);
  return (
    <Modal opened onClose={onClose} title={`Signals of ${endpoint.name}`} size="xl">
      <QueryState
        query={signals}
        label="the signal log"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No signals received yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Payload</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((signal) => (
                <Table.Tr key={signal.id}>
                  <Table.Td>{new Date(signal.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>{signal.tokenName ?? 'deleted token'}</Table.Td>
                  <Table.Td>
                    <Code block>{JSON.stringify(signal.payload, null, 2)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Modal>
  );
}
