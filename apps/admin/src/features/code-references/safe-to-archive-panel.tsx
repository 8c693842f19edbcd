import { Anchor, Badge, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useSafeToArchive } from './use-code-references.ts';

const reasons = { completed: 'completed', stale: 'stale', 'potentially-stale': 'potentially stale' } as const;

/** The project's flags safe to archive: done, unused by SDKs for N days, and without code references. */
export function SafeToArchivePanel({ projectId }: { projectId: string }) {
  const [days, setDays] = useState(30);
  const candidates = useSafeToArchive(projectId, days);
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={3}>Safe to archive</Title>
        <NumberInput
          label="Unused for days"
          min={1}
          max={3650}
          value={days}
          onChange={(value) => typeof value === 'number' && value >= 1 && setDays(value)}
          w={160}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Flags that are completed, stale or past their expected lifetime, that no SDK reported using for {days}{' '}
        days, and that no uploaded code reference names.
      </Text>
      <QueryState
        query={candidates}
        label="flags safe to archive"
        isEmpty={(d) => d.features.length === 0}
        empty={<EmptyState>No flag is safe to archive.</EmptyState>}
      >
        {(data) => (
          <Table aria-label="Flags safe to archive">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Flag</Table.Th>
                <Table.Th>Why it is done</Table.Th>
                <Table.Th>Last seen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.features.map((f) => (
                <Table.Tr key={f.name}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/projects/${encodeURIComponent(projectId)}/flags/${encodeURIComponent(f.name)}`}
                    >
                      {f.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{reasons[f.reason]}</Badge>
                  </Table.Td>
                  <Table.Td>{f.lastSeenAt ? new Date(f.lastSeenAt).toLocaleDateString() : 'never'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
