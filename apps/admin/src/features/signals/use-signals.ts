import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** One page of every signal received, newest first; the previous page stays on screen while the next loads. */
export function useSignals(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['signals', page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call('getSignals', { query: { limit: pageSize, offset: (page - 1) * pageSize }, signal }),
  });
}
