import { Button, Group, Select, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useProjects } from '../projects/use-projects.ts';
import { EventList } from './event-list.tsx';
import { useEventCreators, useEvents, type EventFilters } from './use-events.ts';

const PAGE = 50;
const TYPES = [
  'feature-created',
  'feature-updated',
  'feature-archived',
  'feature-revived',
  'feature-deleted',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-add',
  'feature-strategy-update',
  'feature-strategy-remove',
  'feature-stale-on',
  'feature-stale-off',
  'feature-potentially-stale-on',
  'feature-tagged',
  'feature-untagged',
  'segment-created',
  'segment-updated',
  'segment-deleted',
  'project-created',
  'project-updated',
  'project-deleted',
  'api-token-created',
  'api-token-deleted',
  'api-token-expiring',
];

/** Everything that changed, filtered by type, flag, project, user and date. */
export function EventsPage() {
  const [filters, setFilters] = useState<EventFilters>({});
  const [flag, setFlag] = useState('');
  const [feature] = useDebouncedValue(flag, 300);
  const [page, setPage] = useState(1);
  const events = useEvents({
    ...filters,
    feature: feature || undefined,
    offset: (page - 1) * PAGE,
    limit: PAGE,
  });
  const projects = useProjects();
  const creators = useEventCreators();
  const set = (patch: EventFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <>
      <PageHeader
        title="Event log"
        description="Every change, newest first."
        actions={
          <Button component={Link} to="/events/latest" variant="default">
            Latest and flag history
          </Button>
        }
      />
      <Group mb="sm" align="flex-end">
        <Select
          label="Type"
          placeholder="Any type"
          data={TYPES}
          value={filters.type ?? null}
          onChange={(type) => set({ type: type ?? undefined })}
          searchable
          clearable
          w={240}
        />
        <TextInput
          label="Flag"
          placeholder="Flag name"
          value={flag}
          onChange={(e) => setFlag(e.currentTarget.value)}
          w={180}
        />
        <Select
          label="Project"
          placeholder="Any project"
          data={(projects.data ?? []).map((p) => p.id)}
          value={filters.project ?? null}
          onChange={(project) => set({ project: project ?? undefined })}
          clearable
          w={160}
        />
        <Select
          label="User"
          placeholder="Anyone"
          data={(creators.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.createdBy ?? null}
          onChange={(createdBy) => set({ createdBy: createdBy ?? undefined })}
          clearable
          searchable
          w={160}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        />
      </Group>
      <QueryState
        query={events}
        label="events"
        isEmpty={(d) => d.events.length === 0}
        empty={<EmptyState>No events match.</EmptyState>}
      >
        {(data) => (
          <>
            <EventList events={data.events} />
            <Group justify="flex-end" mt="sm">
              <Pager total={Math.max(1, Math.ceil(data.total / PAGE))} value={page} onChange={setPage} />
            </Group>
          </>
        )}
      </QueryState>
    </>
  );
}
