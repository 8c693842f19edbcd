import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';
import { toGlobalSearchQuery, type SearchFilters } from './search-params.ts';

/** searchFeatures' answer, typed from the server's openapi.json. */
export type GlobalSearchResult = ResponseOf<'searchFeatures'>;
export type FoundFlag = GlobalSearchResult['features'][number];

/** One page of flags across every project the user may see, filtered and sorted by the server. */
export function useGlobalSearch(filters: SearchFilters) {
  const query = toGlobalSearchQuery(filters);
  return useQuery({
    queryKey: ['flags', 'search', '*', query],
    queryFn: ({ signal }) => call('searchFeatures', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
