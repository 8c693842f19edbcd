import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useProjects } from '../projects/use-projects.ts';
import { EventList } from './event-list.tsx';
import { useLatestEvents } from './use-latest-events.ts';

/** The newest changes at a glance, or one flag's whole history, without the search page's syntax. */
export function LatestEventsPage() {
  const [project, setProject] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [flag] = useDebouncedValue(typed, 300);
  const projects = useProjects();
  const events = useLatestEvents({ project: project ?? undefined, flag, type: type ?? undefined });
  const types = [...new Set((events.data?.events ?? []).map((event) => event.type))].sort();
  return (
    <>
      <PageHeader
        title="Latest events"
        description="The newest changes, or the history of one flag."
        actions={
          <Button component={Link} to="/events" variant="default">
            Search all events
          </Button>
        }
      />
      <Group mb="sm" align="flex-end">
        <TextInput
          label="Flag"
          placeholder="Any flag"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={200}
        />
        <Select
          label="Project"
          placeholder="Any project"
          data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={project}
          onChange={setProject}
          clearable
          w={180}
        />
        <Select
          label="Type"
          placeholder="Any type"
          data={type && !types.includes(type) ? [type, ...types] : types}
          value={type}
          onChange={setType}
          clearable
          searchable
          w={240}
        />
      </Group>
      <QueryState
        query={events}
        label="events"
        isEmpty={(data) => data.events.length === 0}
        empty={<EmptyState>No events match.</EmptyState>}
      >
        {(data) => (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {`Showing ${data.events.length} of ${data.total} ${flag.trim() ? `events of ${flag.trim()}` : 'events'}`}
            </Text>
            <EventList events={data.events} />
          </>
        )}
      </QueryState>
    </>
  );
}
