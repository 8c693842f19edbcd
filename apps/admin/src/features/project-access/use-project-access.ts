import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { sessionKey } from '../session/use-session.ts';
import type { AddAccessBody, PrincipalKind } from './project-access.ts';

const accessKey = (projectId: string) => ['projects', projectId, 'access'] as const;

export function useProjectAccess(projectId: string, enabled = true) {
  return useQuery({
    queryKey: accessKey(projectId),
    enabled,
    queryFn: () => call('getProjectAccess', { params: { projectId } }),
  });
}

/** Everyone who could be given access; loaded only while the picker is open. */
export function useAccessCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['access-candidates'],
    enabled,
    queryFn: () => call('getBaseUsersAndGroups'),
  });
}

type Principal = { kind: PrincipalKind; id: number };

export function useProjectAccessMutations(projectId: string) {
  const queryClient = useQueryClient();
  // A change of roles can change what the signed-in user may do in the project too.
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accessKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ]);
  return {
    add: useMutation({
      mutationFn: (body: AddAccessBody) => call('addAccessToProject', { params: { projectId }, body }),
      onSettled,
    }),
    setRoles: useMutation({
      mutationFn: ({ kind, id, roles }: Principal & { roles: number[] }) =>
        kind === 'group'
          ? call('setRolesForGroup', { params: { projectId, groupId: id }, body: { roles } })
          : call('setRolesForUser', { params: { projectId, userId: id }, body: { roles } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: ({ kind, id }: Principal) =>
        kind === 'group'
          ? call('removeGroupAccess', { params: { projectId, groupId: id } })
          : call('removeUserAccess', { params: { projectId, userId: id } }),
      onSettled,
    }),
  };
}
