import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../ui/query-state.tsx';
import { ProjectInsights } from './project-insights.tsx';
import { useProjectCleanupFlags, useProjectHealthReport } from './use-project-health.ts';

/**
 * The project's health: figures, how many flags are in each lifecycle stage, activity and lead time, and the stale
 * and potentially stale flags to clean up.
 */
export function ProjectHealthPanel({ projectId }: { projectId: string }) {
  const report = useProjectHealthReport(projectId);
  const stale = useProjectCleanupFlags(projectId);
  return (
    <Stack>
      <QueryState query={report} label="the project's health">
        {(data) => (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Health" value={`${data.health}%`} />
            <Figure label="Active flags" value={data.activeCount} />
            <Figure label="Potentially stale" value={data.potentiallyStaleCount} />
            <Figure label="Stale" value={data.staleCount} />
          </SimpleGrid>
        )}
      </QueryState>
      <ProjectInsights projectId={projectId} />
      <Paper withBorder p="md" component="section" aria-labelledby="cleanup">
        <Title id="cleanup" order={2} size="h4" mb="sm">
          To clean up
        </Title>
        <QueryState
          query={stale}
          label="stale flags"
          isEmpty={(data) => data.features.length === 0}
          empty={<Text size="sm">No stale or potentially stale flags.</Text>}
        >
          {(data) => (
            <Stack gap={4}>
              {data.features.map((flag) => (
                <Group key={flag.name} gap="xs">
                  <Anchor
                    component={Link}
                    to={`/projects/${encodeURIComponent(projectId)}/flags/${encodeURIComponent(flag.name)}`}
                  >
                    {flag.name}
                  </Anchor>
                  <Badge size="xs" color={flag.stale ? 'orange' : 'yellow'} variant="dot">
                    {flag.stale ? 'stale' : 'potentially stale'}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
