import { Badge, Modal, Table, Text } from '@mantine/core';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useDeliveryLog, type Integration } from './use-integrations.ts';

const COLOURS = { success: 'green', failed: 'red', successWithErrors: 'yellow' } as const;

/** Every attempt to deliver an event to one integration, newest first, retries included. */
export function DeliveryLogModal({
  integration,
  onClose,
}: {
  integration: Integration;
  onClose: () => void;
}) {
  const log = useDeliveryLog(integration.id);
  return (
    <Modal opened onClose={onClose} title="Delivery log" size="xl">
      <QueryState
        query={log}
        label="the delivery log"
        isEmpty={(attempts) => attempts.length === 0}
        empty={<EmptyState>Nothing delivered yet.</EmptyState>}
      >
        {(attempts) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempts.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>{new Date(attempt.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{attempt.event?.type ?? 'deleted event'}</Text>
                    {attempt.event?.featureName && (
                      <Text size="xs" c="dimmed">
                        {attempt.event.featureName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLOURS[attempt.state]}>{attempt.state}</Badge>
                    {typeof attempt.details.attempt === 'number' && (
                      <Text size="xs" c="dimmed">
                        attempt {attempt.details.attempt}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{attempt.stateDetails}</Text>
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
