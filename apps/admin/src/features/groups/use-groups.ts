import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';
import type { components } from '../../api/schema';

/** A group as the server answers it: members, root role, SSO mappings and projects. */
export type GroupResponse = components['schemas']['groupSchema'];
export type GroupBody = RequestOf<'createGroup'>;
type PickList = ResponseOf<'getBaseUsersAndGroups'>;
/** Someone who can be made a member of a group. */
export type PickableUser = PickList['users'][number];

const groupsKey = ['groups'] as const;

export function useGroups(enabled = true) {
  return useQuery({
    queryKey: groupsKey,
    enabled,
    queryFn: async () => (await call('getGroups')).groups,
  });
}

/** The users and service accounts a group's member picker offers. */
export function usePickableUsers() {
  return useQuery({
    queryKey: ['user-admin', 'access'],
    queryFn: async () => (await call('getBaseUsersAndGroups')).users,
  });
}

export function useGroupMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: groupsKey });
  return {
    create: useMutation({
      mutationFn: (body: GroupBody) => call('createGroup', { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ groupId, body }: { groupId: number; body: GroupBody }) =>
        call('updateGroup', { params: { groupId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (groupId: number) => call('deleteGroup', { params: { groupId } }),
      onSettled,
    }),
  };
}
