import { Badge, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { type ActionSet, useActionSetEvents } from './use-action-sets.ts';

const COLOURS = { started: 'blue', success: 'green', failed: 'red' } as const;

type RanAction = { action: string; state: string; details?: string };

/** What an action set did with each signal it matched: the signal's payload and every action's result. */
export function ActionSetEventsModal({
  projectId,
  actionSet,
  onClose,
}: {
  projectId: string;
  actionSet: ActionSet;
  onClose: () => void;
}) {
  const events = useActionSetEvents(projectId, actionSet.id);
  return (
    <Modal opened onClose={onClose} title={`Event log of ${actionSet.name}`} size="xl">
      <QueryState
        query={events}
        label="the event log"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No signal has matched this action set yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Actions</Table.Th>
                <Table.Th>Signal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((event) => {
                const ran = ((event.actionSet as { actions?: RanAction[] }).actions ?? []) as RanAction[];
                return (
                  <Table.Tr key={event.id}>
                    <Table.Td>{new Date(event.createdAt).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Badge color={COLOURS[event.state]}>{event.state}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {ran.map((action, index) => (
                          <Text size="xs" key={index}>
                            {action.action}: {action.state}
                            {action.details ? ` (${action.details})` : ''}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Code block>
                        {JSON.stringify((event.signal as { payload?: unknown }).payload ?? null)}
                      </Code>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Modal>
  );
}
