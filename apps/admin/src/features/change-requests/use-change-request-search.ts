import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { QueryOf, ResponseOf } from '../../api/wire.ts';

/** Every search across projects starts with this key: a review action refreshes them all. */
export const changeRequestSearchKey = ['change-request-search'] as const;

export type ChangeRequestSearch = QueryOf<'searchChangeRequests'>;
export type ChangeRequestSearchItem = ResponseOf<'searchChangeRequests'>['changeRequests'][number];

/** Change requests across the projects the caller can see, by who made them, who was asked and their state. */
export function useChangeRequestSearch(query: ChangeRequestSearch, enabled = true) {
  return useQuery({
    queryKey: [...changeRequestSearchKey, query],
    queryFn: () => call('searchChangeRequests', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Who may approve in each environment of a project, and who may give someone that right. */
export function useProjectApprovers(projectId: string) {
  return useQuery({
    queryKey: ['change-requests', projectId, 'approvers'],
    queryFn: () => call('getProjectChangeRequestApprovers', { params: { projectId } }),
  });
}
