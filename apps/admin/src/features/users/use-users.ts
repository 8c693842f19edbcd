import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

/** The three root roles, by the ids the API uses. */
export const ROOT_ROLES = [
  { value: '1', label: 'Admin', description: 'Everything, including users and API tokens' },
  { value: '2', label: 'Editor', description: 'Create and change flags, segments and projects' },
  { value: '3', label: 'Viewer', description: 'See everything, change nothing' },
] as const;

export type UserInput = RequestOf<'createUser'>;

export function useUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users'],
    enabled,
    queryFn: async () => (await call('getUsers')).users,
  });
}

export function useUserMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  return {
    create: useMutation({
      mutationFn: (body: UserInput) => call('createUser', { body }),
      onSettled,
    }),
    setRole: useMutation({
      mutationFn: ({ id, rootRole }: { id: number; rootRole: number }) =>
        call('updateUser', { params: { id }, body: { rootRole } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteUser', { params: { id } }),
      onSettled,
    }),
  };
}

/** Users whose name, username or email contains `q`; off while `q` is empty. */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['users', 'search', q],
    enabled: q.trim().length > 0,
    queryFn: ({ signal }) => call('searchUsers', { query: { q: q.trim() }, signal }),
  });
}

export type AdminCount = ResponseOf<'getAdminCount'>;

/** How many administrators there are, by how they sign in: the last one should not be removed by accident. */
export function useAdminCount(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'admin-count'],
    enabled,
    queryFn: () => call('getAdminCount'),
  });
}
