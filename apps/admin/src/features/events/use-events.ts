import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type EventFilters = {
  feature?: string;
  project?: string;
  type?: string;
  createdBy?: string;
  from?: string;
  to?: string;
  query?: string;
  offset?: number;
  limit?: number;
};

/** GET /api/admin/search/events with Unleash's `IS:` filter syntax. */
export function toEventQuery(filters: EventFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { offset: filters.offset ?? 0, limit: filters.limit ?? 50 };
  if (filters.query) query.query = filters.query;
  if (filters.feature) query.feature = `IS:${filters.feature}`;
  if (filters.project) query.project = `IS:${filters.project}`;
  if (filters.type) query.type = `IS:${filters.type}`;
  if (filters.createdBy) query.createdBy = `IS:${filters.createdBy}`;
  if (filters.from) query.from = `IS:${filters.from}`;
  if (filters.to) query.to = `IS:${filters.to}`;
  return query;
}

export function useEvents(filters: EventFilters) {
  const query = toEventQuery(filters);
  return useQuery({
    queryKey: ['events', query],
    queryFn: ({ signal }) => call('searchEvents', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEventCreators() {
  return useQuery({
    queryKey: ['events', 'creators'],
    queryFn: () => call('getEventCreators'),
  });
}
