import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ago } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { EventList } from '../events/event-list.tsx';
import { useEvents } from '../events/use-events.ts';
import { usePersonalDashboard, type PersonalDashboard } from './use-personal-dashboard.ts';

const RECENT_EVENTS = 10;

/** Where a signed-in user starts: their flags, their projects and what changed lately. */
export function PersonalDashboardPage() {
  const dashboard = usePersonalDashboard();
  const events = useEvents({ limit: RECENT_EVENTS });
  return (
    <>
      <PageHeader
        title="Your dashboard"
        description="Flags you created or starred, projects you work in, and the latest changes."
      />
      <QueryState query={dashboard} label="your dashboard">
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} mb="lg">
            <MyFlags flags={data.flags} />
            <MyProjects projects={data.projects} />
          </SimpleGrid>
        )}
      </QueryState>
      <Title order={2} size="h4" mb="sm">
        Recent events
      </Title>
      <QueryState query={events} label="recent events">
        {(data) =>
          data.events.length ? (
            <EventList events={data.events} />
          ) : (
            <EmptyState>Nothing has happened yet.</EmptyState>
          )
        }
      </QueryState>
    </>
  );
}

function MyFlags({ flags }: { flags: PersonalDashboard['flags'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-flags">
      <Title id="my-flags" order={2} size="h4" mb="sm">
        My flags
      </Title>
      {flags.length === 0 ? (
        <Text size="sm" c="dimmed">
          Flags you create or star with ☆ show here.
        </Text>
      ) : (
        <Table aria-labelledby="my-flags" verticalSpacing={4}>
          <Table.Tbody>
            {flags.map((flag) => (
              <Table.Tr key={`${flag.project}/${flag.name}`}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/projects/${encodeURIComponent(flag.project)}/flags/${encodeURIComponent(flag.name)}`}
                  >
                    {flag.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{flag.project}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {flag.lastSeenAt ? `seen ${ago(flag.lastSeenAt)}` : 'not seen'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function MyProjects({ projects }: { projects: PersonalDashboard['projects'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-projects">
      <Title id="my-projects" order={2} size="h4" mb="sm">
        My projects
      </Title>
      {projects.length === 0 ? (
        <Text size="sm" c="dimmed">
          Projects you star, create flags in or change show here.
        </Text>
      ) : (
        <Stack gap="xs">
          {projects.map((project) => (
            <Group key={project.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/projects/${encodeURIComponent(project.id)}`}>
                {project.name}
              </Anchor>
              <Group gap={6}>
                <Badge variant="light" color="gray">
                  {project.featureCount} flag{project.featureCount === 1 ? '' : 's'}
                </Badge>
                <Badge variant="dot" color={project.health >= 75 ? 'green' : 'orange'}>
                  health {project.health}%
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
