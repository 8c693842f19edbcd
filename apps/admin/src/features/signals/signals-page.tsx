import { Code, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { when } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useSignals } from './use-signals.ts';

const PAGE = 50;

/** Every signal any endpoint received, newest first: where to look when an action did not run. */
export function SignalsPage() {
  const allowed = usePermissions().can('ADMIN');
  const [page, setPage] = useState(1);
  const signals = useSignals(page, PAGE, allowed);
  return (
    <>
      <PageHeader title="Signals" description="What your systems posted to signal endpoints, newest first." />
      {!allowed ? (
        <EmptyState>Signals are for admins.</EmptyState>
      ) : (
        <QueryState
          query={signals}
          label="signals"
          isEmpty={(data) => data.signals.length === 0}
          empty={<EmptyState>No signal has arrived yet.</EmptyState>}
        >
          {(data) => (
            <>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Received</Table.Th>
                    <Table.Th>Endpoint</Table.Th>
                    <Table.Th>Token</Table.Th>
                    <Table.Th>Payload</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.signals.map((signal) => (
                    <Table.Tr key={signal.id}>
                      <Table.Td>{when(signal.createdAt)}</Table.Td>
                      <Table.Td>{signal.sourceName ?? `endpoint ${signal.sourceId}`}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{signal.tokenName}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Code block>{JSON.stringify(signal.payload, null, 2)}</Code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="flex-end" mt="sm">
                <Pager total={Math.max(1, Math.ceil(data.total / PAGE))} value={page} onChange={setPage} />
              </Group>
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
