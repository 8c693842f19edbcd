import { Table, Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useUnknownFlags } from './use-unknown-flags.ts';

/** Flags applications ask for that do not exist: typos, flags deleted while code still asks, flags not made yet. */
export function UnknownFlagsPage() {
  const flags = useUnknownFlags();
  return (
    <>
      <PageHeader
        title="Unknown flags"
        description="Flag names applications reported usage of that no flag carries, over the last 24 hours. Each one is a typo, a flag deleted while code still asks for it, or a flag not created yet."
      />
      <QueryState query={flags} label="unknown flags">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No application asked for a flag that does not exist.</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Flag name</Table.Th>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((flag) => (
                  <Table.Tr key={`${flag.name} ${flag.appName} ${flag.environment}`}>
                    <Table.Td>{flag.name}</Table.Td>
                    <Table.Td>{flag.appName}</Table.Td>
                    <Table.Td>{flag.environment}</Table.Td>
                    <Table.Td>{new Date(flag.seenAt).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}
