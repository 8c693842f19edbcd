import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

/** One role as GET /api/admin/roles lists it. */
export type RoleSummary = ResponseOf<'getRoles'>['roles'][number];
/** One role with every permission it holds. */
export type RoleDetails = ResponseOf<'getRoleById'>;
/** What a custom role may hold: root, project, and environment permissions per environment. */
export type PermissionCatalogue = ResponseOf<'getPermissions'>['permissions'];
export type RoleUsage = ResponseOf<'getRoleProjectAccess'>['projects'];
export type RoleBody = RequestOf<'createRole'>;

const rolesKey = ['roles'] as const;

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: rolesKey,
    enabled,
    queryFn: async () => (await call('getRoles')).roles,
  });
}

export function useRole(roleId: number | undefined) {
  return useQuery({
    queryKey: [...rolesKey, roleId],
    enabled: roleId !== undefined,
    queryFn: () => call('getRoleById', { params: { roleId: roleId! } }),
  });
}

export function useRoleUsage(roleId: number | undefined) {
  return useQuery({
    queryKey: [...rolesKey, roleId, 'usage'],
    enabled: roleId !== undefined,
    queryFn: async () => (await call('getRoleProjectAccess', { params: { roleId: roleId! } })).projects,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['permissions'],
    queryFn: async () => (await call('getPermissions')).permissions,
  });
}

export function useRoleMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: rolesKey });
  return {
    create: useMutation({
      mutationFn: (body: RoleBody) => call('createRole', { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ roleId, body }: { roleId: number; body: RoleBody }) =>
        call('updateRole', { params: { roleId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (roleId: number) => call('deleteRole', { params: { roleId } }),
      onSettled,
    }),
  };
}
