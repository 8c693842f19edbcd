import { Anchor, Modal, Table } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useContextFieldUsage } from './use-context-field-details.ts';

/** The strategies whose constraints read a context field: what would change if it were edited or deleted. */
export function ContextFieldUsageModal({ field, onClose }: { field: string; onClose: () => void }) {
  const usage = useContextFieldUsage(field);
  return (
    <Modal opened onClose={onClose} title={`Strategies using ${field}`} size="lg">
      <QueryState
        query={usage}
        label="strategies"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No strategy uses {field}; it is safe to change.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Flag</Table.Th>
                <Table.Th>Project</Table.Th>
                <Table.Th>Environment</Table.Th>
                <Table.Th>Strategy</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((strategy) => (
                <Table.Tr key={strategy.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/projects/${encodeURIComponent(strategy.projectId)}/flags/${encodeURIComponent(strategy.featureName)}`}
                      onClick={onClose}
                    >
                      {strategy.featureName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{strategy.projectId}</Table.Td>
                  <Table.Td>{strategy.environment}</Table.Td>
                  <Table.Td>{strategy.strategyName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Modal>
  );
}
