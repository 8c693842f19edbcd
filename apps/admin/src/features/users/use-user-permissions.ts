import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type UserPermissionsResponse = ResponseOf<'getUserPermissions'>;
export type PermissionCheck = UserPermissionsResponse['overview']['root'][number];

/** What a user may do in one project and environment, as the server decides it (roles, groups, custom roles). */
export function useUserPermissions(
  id: number,
  where: { project?: string; environment?: string },
  /** Service accounts answer the same question at their own path. */
  serviceAccount = false,
) {
  return useQuery({
    queryKey: [
      serviceAccount ? 'service-accounts' : 'users',
      id,
      'permissions',
      where.project ?? '',
      where.environment ?? '',
    ],
    queryFn: () =>
      call(serviceAccount ? 'getServiceAccountPermissions' : 'getUserPermissions', {
        params: { id },
        query: { project: where.project, environment: where.environment },
      }),
    // Switching project or environment keeps the last answer on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}
