import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type LatestEventFilters = { project?: string; flag?: string; type?: string };

/**
 * The newest events, without search syntax: one flag's history comes from its own path, otherwise the whole
 * log, optionally narrowed to a project by the server (a flag's name is unique, so its history ignores it). The type is narrowed here, since neither path takes it.
 */
export function useLatestEvents(filters: LatestEventFilters) {
  const flag = filters.flag?.trim();
  return useQuery({
    queryKey: ['events', 'latest', flag ?? '', filters.project ?? ''],
    queryFn: ({ signal }) =>
      flag
        ? call('getEventsForToggle', { params: { featureName: flag }, signal })
        : call('getEvents', { query: { project: filters.project }, signal }),
    select: (data) => ({
      total: data.totalEvents,
      events: data.events.filter((event) => !filters.type || event.type === filters.type),
    }),
  });
}
