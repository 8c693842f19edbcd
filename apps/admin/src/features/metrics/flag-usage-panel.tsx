import { Badge, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { applicationsOf, hourlyBuckets, shareOn, usageByEnvironment, variantTotals } from './flag-usage.ts';
import { UsageChart } from './usage-chart.tsx';
import { useFlagUsage } from './use-metrics.ts';

const ALL = '*';

/** How often SDKs evaluated the flag in the last 48 hours, as they reported it. */
export function FlagUsagePanel({ flagName }: { flagName: string }) {
  const usage = useFlagUsage(flagName);
  const [environment, setEnvironment] = useState(ALL);
  return (
    <QueryState
      query={usage}
      label="usage"
      isEmpty={(counts) => counts.length === 0}
      empty={
        <EmptyState>
          No SDK reported evaluating {flagName} in the last 48 hours. Server-side SDKs report usage about once
          a minute; browser SDKs through the Frontend API.
        </EmptyState>
      }
    >
      {(counts) => {
        const environments = usageByEnvironment(counts);
        const chosen = environment === ALL ? null : environment;
        const variants = variantTotals(counts, chosen);
        return (
          <Stack>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>On</Table.Th>
                  <Table.Th>Off</Table.Th>
                  <Table.Th>Share on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {environments.map((e) => (
                  <Table.Tr key={e.environment}>
                    <Table.Td>{e.environment}</Table.Td>
                    <Table.Td>{e.yes.toLocaleString()}</Table.Td>
                    <Table.Td>{e.no.toLocaleString()}</Table.Td>
                    <Table.Td>{shareOn(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Title order={3} size="h5">
                Per hour
              </Title>
              <SegmentedControl
                size="xs"
                aria-label="Environment shown in the chart"
                value={environment}
                onChange={setEnvironment}
                data={[
                  { value: ALL, label: 'All' },
                  ...environments.map((e) => ({ value: e.environment, label: e.environment })),
                ]}
              />
            </Group>
            <UsageChart
              buckets={hourlyBuckets(counts, chosen)}
              label={`${flagName} in ${chosen ?? 'all environments'}`}
            />
            {variants.length > 0 && (
              <Group gap="xs">
                <Text size="sm">Variants:</Text>
                {variants.map(([name, n]) => (
                  <Badge key={name} variant="light" tt="none">
                    {name} {n.toLocaleString()}
                  </Badge>
                ))}
              </Group>
            )}
            <Group gap="xs">
              <Text size="sm">Evaluated by:</Text>
              {applicationsOf(counts).map((app) => (
                <Badge
                  key={app}
                  variant="outline"
                  tt="none"
                  component={Link}
                  to={`/applications/${encodeURIComponent(app)}`}
                  style={{ cursor: 'pointer' }}
                >
                  {app}
                </Badge>
              ))}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );
}
