import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type AccessRequest = ResponseOf<'getUserAccessRequests'>['userAccessRequests'][number];

const requestsKey = (projectId: string) => ['projects', projectId, 'access-requests'] as const;

/** The open requests for access to one project; only for those who may read its access. */
export function useAccessRequests(projectId: string, enabled = true) {
  return useQuery({
    queryKey: requestsKey(projectId),
    enabled,
    queryFn: async () =>
      (await call('getUserAccessRequests', { query: { project: projectId } })).userAccessRequests,
  });
}

export function useAccessRequestMutations(projectId: string) {
  const queryClient = useQueryClient();
  // An approval adds someone to the project: the Access list shows them at once.
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['projects', projectId, 'access'] }),
    ]);
  return {
    approve: useMutation({
      mutationFn: ({ id, role }: { id: number; role: number }) =>
        call('approveUserAccessRequest', { params: { id }, body: { role } }),
      onSettled,
    }),
    reject: useMutation({
      mutationFn: (id: number) => call('rejectUserAccessRequest', { params: { id } }),
      onSettled,
    }),
  };
}

/** Asking for access to a project the signed-in person holds no role in; nothing changes until it is approved. */
export function useRequestAccess() {
  return useMutation({
    mutationFn: (project: string) => call('registerUserAccessRequest', { body: { project } }),
  });
}
