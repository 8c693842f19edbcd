import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';
import { changeRequestsKey } from './use-change-requests.ts';

export type Reviewer = ResponseOf<'getChangeRequestApprovers'>['reviewers'][number];
export type ChangeRequestCounts = ResponseOf<'getChangeRequestsCount'>;
export type ScheduledRequest = ResponseOf<'getScheduledChangeRequests'>[number];

/** How many of the project's change requests are in each state. */
export function useChangeRequestCounts(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'count'],
    queryFn: () => call('getChangeRequestsCount', { params: { projectId } }),
  });
}

/** Open requests the signed-in user created. */
export function useMyOpenChangeRequests(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'open'],
    queryFn: () => call('getOpenChangeRequestsForUser', { params: { projectId } }),
  });
}

export function useScheduledChangeRequests(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'scheduled'],
    queryFn: () => call('getScheduledChangeRequests', { params: { projectId } }),
  });
}

/** Open requests that would change one flag; off until a flag name is given. */
export function usePendingForFlag(projectId: string, featureName: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'pending', featureName],
    enabled: featureName.length > 0,
    queryFn: () =>
      call('getPendingChangeRequestsForFeature', {
        params: { projectId, featureName },
      }),
  });
}

/** Who was asked to review a request, and who could be asked in its environment. */
export function useReviewers(projectId: string, id: number, environment: string) {
  const queryClient = useQueryClient();
  const key = [...changeRequestsKey(projectId), 'one', id, 'reviewers'];
  const requested = useQuery({
    queryKey: key,
    queryFn: async () => (await call('getChangeRequestApprovers', { params: { projectId, id } })).reviewers,
  });
  const available = useQuery({
    queryKey: [...changeRequestsKey(projectId), 'available-reviewers', environment],
    queryFn: async () =>
      (
        await call('getAvailableChangeRequestReviewers', {
          params: { projectId, environment },
        })
      ).reviewers,
  });
  const request = useMutation({
    mutationFn: (reviewers: number[]) =>
      call('addChangeRequestReviewers', { params: { projectId, id }, body: { reviewers } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { requested, available, request };
}
