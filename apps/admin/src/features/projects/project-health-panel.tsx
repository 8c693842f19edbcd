import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import type { operations } from '../../api/schema';
import { QueryState } from '../../ui/query-state.tsx';
import { LifecycleBadge, type LifecycleStageName } from '../flags/lifecycle-badge.tsx';

type HealthReport = operations['getProjectHealthReport']['responses'][200]['content']['application/json'];
type Found = operations['searchFeatures']['responses'][200]['content']['application/json'];

/** The most flags one search page holds; the stage counts say when a project has more. */
const COUNTED = 100;
const STAGES: LifecycleStageName[] = ['initial', 'pre-live', 'live', 'completed'];

const search = (projectId: string, extra: Record<string, string>, limit: number) =>
  call<Found>('searchFeatures', { query: { project: `IS:${projectId}`, limit, sortBy: 'name', ...extra } });

/** The project's health: stale and potentially stale flags to clean up, and how many flags are in each stage. */
export function ProjectHealthPanel({ projectId }: { projectId: string }) {
  const report = useQuery({
    queryKey: ['projects', projectId, 'health-report'],
    queryFn: () => call<HealthReport>('getProjectHealthReport', { params: { projectId } }),
  });
  const stale = useQuery({
    queryKey: ['flags', 'search', projectId, 'cleanup'],
    queryFn: () => search(projectId, { state: 'IS_ANY_OF:stale,potentially-stale' }, 20),
  });
  const all = useQuery({
    queryKey: ['flags', 'search', projectId, 'stages'],
    queryFn: () => search(projectId, {}, COUNTED),
  });
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
      <Paper withBorder p="md" component="section" aria-labelledby="lifecycle-counts">
        <Title id="lifecycle-counts" order={2} size="h4" mb="sm">
          Flags per lifecycle stage
        </Title>
        <QueryState query={all} label="lifecycle stages">
          {(data) => (
            <>
              <Group gap="lg">
                {STAGES.map((stage) => (
                  <Group key={stage} gap={6}>
                    <LifecycleBadge stage={stage} />
                    <Text size="sm" fw={600}>
                      {data.features.filter((f) => f.lifecycle.stage === stage).length}
                    </Text>
                  </Group>
                ))}
              </Group>
              {data.total > COUNTED && (
                <Text size="xs" c="dimmed" mt="xs">
                  Counted over the first {COUNTED} of {data.total} flags.
                </Text>
              )}
            </>
          )}
        </QueryState>
      </Paper>
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
