import { levelOf, PERMISSIONS, type Role, type RolePermission } from '@switchyard/access';
import { permissionId } from './role-service.ts';

export function toAdminPermission({ permission, environment }: RolePermission) {
  return {
    id: permissionId(permission),
    name: permission,
    displayName: PERMISSIONS[permission].description,
    type: levelOf(permission),
    ...(levelOf(permission) === 'environment' ? { environment: environment ?? null } : {}),
  };
}

export function toRoleSummary(role: Role) {
  return { id: role.id, type: role.type, name: role.name, description: role.description ?? '' };
}

export function toRoleWithPermissions(role: Role) {
  return { ...toRoleSummary(role), permissions: role.permissions.map(toAdminPermission) };
}
