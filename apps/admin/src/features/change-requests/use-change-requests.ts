import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';
import { changeRequestSearchKey } from './use-change-request-search.ts';

/** Every change-request query of a project starts with this key, so one invalidation refreshes them all. */
export const changeRequestsKey = (projectId: string) => ['change-requests', projectId] as const;
export const changeRequestConfigKey = (projectId: string) =>
  ['change-requests', projectId, 'config'] as const;

export function changeRequestConfigQuery(projectId: string) {
  return {
    queryKey: changeRequestConfigKey(projectId),
    queryFn: () => call('getProjectChangeRequestConfig', { params: { projectId } }),
    staleTime: 30_000,
  };
}

/** Which environments of the project have change requests on, and how many approvals each needs. */
export function useChangeRequestConfig(projectId: string | undefined) {
  return useQuery({ ...changeRequestConfigQuery(projectId ?? ''), enabled: Boolean(projectId) });
}

export function useUpdateChangeRequestConfig(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      environment,
      enabled,
      requiredApprovals,
    }: {
      environment: string;
      enabled: boolean;
      requiredApprovals: number;
    }) =>
      call('updateProjectChangeRequestConfig', {
        params: { projectId, environment },
        body: { changeRequestsEnabled: enabled, requiredApprovals },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changeRequestsKey(projectId) }),
  });
}

export function useChangeRequests(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'list'],
    queryFn: () => call('getChangeRequestsForProject', { params: { projectId } }),
  });
}

/** The caller's open requests in the project: their drafts among them. */
export function usePendingChangeRequests(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'pending'],
    queryFn: () => call('getPendingChangeRequestsForUser', { params: { projectId } }),
  });
}

/** How many requests the caller could approve or apply now. */
export function useActionableCount(projectId: string) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'actionable'],
    queryFn: async () => (await call('getActionableChangeRequests', { params: { projectId } })).total,
  });
}

export function useChangeRequest(projectId: string, id: number) {
  return useQuery({
    queryKey: [...changeRequestsKey(projectId), 'one', id],
    queryFn: () => call('getChangeRequest', { params: { projectId, id } }),
  });
}

export type StateChange = RequestOf<'updateChangeRequestState'>;

/** Everything a review page does to one request; each refreshes the project's requests and its flags. */
export function useChangeRequestActions(projectId: string, id: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: changeRequestsKey(projectId) });
    void queryClient.invalidateQueries({ queryKey: changeRequestSearchKey });
    void queryClient.invalidateQueries({ queryKey: ['flag', projectId] });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  };
  const params = { projectId, id };
  return {
    setState: useMutation({
      mutationFn: (body: StateChange) => call('updateChangeRequestState', { params, body }),
      onSettled: refresh,
    }),
    setTitle: useMutation({
      mutationFn: (title: string) => call('updateChangeRequestTitle', { params, body: { title } }),
      onSettled: refresh,
    }),
    comment: useMutation({
      mutationFn: (text: string) => call('addChangeRequestComment', { params, body: { text } }),
      onSettled: refresh,
    }),
    discard: useMutation({
      mutationFn: () => call('deleteChangeRequest', { params }),
      onSettled: refresh,
    }),
    removeChange: useMutation({
      mutationFn: (changeId: number) =>
        call('deleteChange', { params: { projectId, changeRequestId: id, changeId } }),
      onSettled: refresh,
    }),
  };
}
