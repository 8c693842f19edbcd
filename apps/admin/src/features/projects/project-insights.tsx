import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ResponseOf } from '../../api/wire.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { LifecycleBadge, type LifecycleStageName } from '../flags/lifecycle-badge.tsx';
import { ProjectActivityChart } from './project-activity-chart.tsx';
import { useProjectInsights, useProjectStatus } from './use-project-health.ts';

type Status = ResponseOf<'getProjectStatus'>;

const STAGES: Array<{ stage: LifecycleStageName; key: keyof Status['lifecycleSummary'] }> = [
  { stage: 'initial', key: 'initial' },
  { stage: 'pre-live', key: 'preLive' },
  { stage: 'live', key: 'live' },
  { stage: 'completed', key: 'completed' },
];

const days = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
};

/**
 * A lead time in days, or "none yet" while no flag of the project ever reached production: the wire format says 0
 * then, which would read as "instant".
 */
const leadTime = (value: number, anyInProduction: boolean) => (anyInProduction ? days(value) : 'none yet');

/** A figure of the last 30 days beside the 30 days before. */
function Trend({ label, current, past }: { label: string; current: string | number; past: string | number }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {current}
      </Text>
      <Text size="xs" c="dimmed">
        {past} the 30 days before
      </Text>
    </Paper>
  );
}

/** Where the project's flags are in their lifecycle (every flag, counted by the server) and how it changes. */
export function ProjectInsights({ projectId }: { projectId: string }) {
  const status = useProjectStatus(projectId);
  const insights = useProjectInsights(projectId);
  return (
    <Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="lifecycle-counts">
        <Title id="lifecycle-counts" order={2} size="h4" mb="sm">
          Flags per lifecycle stage
        </Title>
        <QueryState query={status} label="lifecycle stages">
          {(data) => (
            <Stack gap="sm">
              <Group gap="lg">
                {STAGES.map(({ stage, key }) => (
                  <Group key={stage} gap={6}>
                    <LifecycleBadge stage={stage} />
                    <Text
                      size="sm"
                      fw={600}
                      aria-label={`${stage}: ${data.lifecycleSummary[key].currentFlags}`}
                    >
                      {data.lifecycleSummary[key].currentFlags}
                    </Text>
                  </Group>
                ))}
                <Text size="sm" c="dimmed">
                  {data.lifecycleSummary.archived.currentFlags} archived
                </Text>
              </Group>
              <ProjectActivityChart days={data.activityCountByDate} />
            </Stack>
          )}
        </QueryState>
      </Paper>
      <QueryState query={insights} label="the project's insights">
        {(data) => (
          <section aria-labelledby="last-30-days">
            <Title id="last-30-days" order={2} size="h4" mb="sm">
              The last 30 days
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Trend
                label="Lead time to production"
                current={leadTime(data.stats.avgTimeToProdCurrentWindow, data.leadTime.features.length > 0)}
                past={leadTime(data.stats.avgTimeToProdPastWindow, data.leadTime.features.length > 0)}
              />
              <Trend
                label="Flags created"
                current={data.stats.createdCurrentWindow}
                past={data.stats.createdPastWindow}
              />
              <Trend
                label="Flags archived"
                current={data.stats.archivedCurrentWindow}
                past={data.stats.archivedPastWindow}
              />
            </SimpleGrid>
          </section>
        )}
      </QueryState>
    </Stack>
  );
}
