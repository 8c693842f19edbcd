import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

/** Every user with their root role, groups and projects (Admins only, so it asks only when allowed). */
export function useAccessOverview(allowed: boolean) {
  return useQuery({
    queryKey: ['access', 'overview'],
    enabled: allowed,
    queryFn: async () => (await call('getAccessOverview')).overview,
  });
}

/** The roles the signed-in user holds on the instance, or in one project when one is given. */
export function useMyRoles(projectId: string | null) {
  return useQuery({
    queryKey: ['user', 'roles', projectId ?? ''],
    queryFn: ({ signal }) => call('getUserRoles', { query: { projectId: projectId ?? undefined }, signal }),
  });
}

/** The signed-in user changes their own password (the password form runs it as its mutation). */
export const changeMyPassword = (body: RequestOf<'changeMyPassword'>) => call('changeMyPassword', { body });

/** An Admin sets another user's password. */
export const setUserPassword = (id: number, password: string) =>
  call('changeUserPassword', { params: { id }, body: { password } });
