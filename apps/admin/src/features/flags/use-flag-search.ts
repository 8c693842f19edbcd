import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { toSearchQuery, type FlagFilters } from './flag-search-params.ts';

export const flagSearchKey = (projectId: string) => ['flags', 'search', projectId] as const;

/** The query for one page of a project's flags; shared by the table and the start-up prefetch. */
export function flagSearchQuery(projectId: string, filters: FlagFilters) {
  const query = toSearchQuery(projectId, filters);
  return queryOptions({
    queryKey: [...flagSearchKey(projectId), query],
    queryFn: ({ signal }) => call('searchFeatures', { query, signal }),
  });
}

/** One page of a project's flags, searched, filtered and sorted by the server. */
export function useFlagSearch(projectId: string, filters: FlagFilters) {
  return useQuery({
    ...flagSearchQuery(projectId, filters),
    // Keep the current page on screen while the next one loads, so the table never flashes empty.
    placeholderData: keepPreviousData,
  });
}
