import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { operations } from '../../api/operations.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { TelemetryNote } from './telemetry-note.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { type InstanceStats, useInstanceStats } from './use-instance-stats.ts';
import { serverPath } from '../../api/base-path.ts';

const Figure = ({ label, value }: { label: string; value: number | string }) => (
  <Paper withBorder p="sm">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={600} size="lg">
      {value}
    </Text>
  </Paper>
);

function Figures({ stats }: { stats: InstanceStats }) {
  const figures: [string, number][] = [
    ['People', stats.users],
    ['Service accounts', stats.serviceAccounts],
    ['Flags', stats.featureToggles],
    ['Archived flags', stats.archivedFeatureToggles],
    ['Projects', stats.projects],
    ['Environments', stats.environments],
    ['Segments', stats.segments],
    ['Context fields', stats.contextFields],
    ['Custom strategies', stats.strategies],
    ['Roles', stats.roles],
    ['Groups', stats.groups],
    ['Client API tokens', stats.apiTokens.client ?? 0],
    ['Frontend API tokens', stats.apiTokens.frontend ?? 0],
    ['Admin API tokens', stats.apiTokens.admin ?? 0],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
      {figures.map(([label, value]) => (
        <Figure key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}

/** What this installation holds and how much it is used. Admins only; nothing here leaves the server. */
export function InstanceStatsPage() {
  const stats = useInstanceStats();
  return (
    <>
      <PageHeader
        title="Instance statistics"
        description="What this installation holds and how much it is used. These figures stay on your server: Switchyard sends no telemetry."
      />
      <QueryState query={stats} label="instance statistics">
        {(s) => (
          <Stack maw={960}>
            <Figures stats={s} />
            <TelemetryNote />
            <Title order={3} size="h4">
              Activity
            </Title>
            <Table withTableBorder aria-label="Activity">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>In the last</Table.Th>
                  <Table.Th>Active people</Table.Th>
                  <Table.Th>Changes in production</Table.Th>
                  <Table.Th>SDK applications</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(
                  [
                    [
                      '7 days',
                      s.activeUsers.last7,
                      undefined,
                      s.clientApps.find((a) => a.range === '7d')?.count,
                    ],
                    [
                      '30 days',
                      s.activeUsers.last30,
                      s.productionChanges.last30,
                      s.clientApps.find((a) => a.range === '30d')?.count,
                    ],
                    ['60 days', s.activeUsers.last60, s.productionChanges.last60, undefined],
                    ['90 days', s.activeUsers.last90, s.productionChanges.last90, undefined],
                  ] as const
                ).map(([period, people, changes, apps]) => (
                  <Table.Tr key={period}>
                    <Table.Td>{period}</Table.Td>
                    <Table.Td>{people ?? '–'}</Table.Td>
                    <Table.Td>{changes ?? '–'}</Table.Td>
                    <Table.Td>{apps ?? '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Instance {s.instanceId} · checksum {s.sum.slice(0, 12)}…
              </Text>
              <Anchor href={serverPath(operations.getInstanceAdminStatsCsv[1])} size="sm" download>
                Download as CSV
              </Anchor>
            </Group>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
