import type { Role } from '@switchyard/access';
import type { PersonalAccessToken } from './pat-store.ts';
import type { User } from './user.ts';

export function toUserResponse(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    rootRole: user.rootRole,
    rootRoleName: user.rootRoleName,
    // Unleash's userSchema field; effective permissions are at /api/admin/user-admin/{id}/permissions.
    permissions: [] as string[],
    createdAt: user.createdAt.toISOString(),
    seenAt: user.seenAt?.toISOString() ?? null,
    isAPI: user.isService,
    scimId: user.scimId,
    active: user.active,
  };
}

export function toPatResponse(pat: PersonalAccessToken, secret?: string) {
  return {
    id: pat.id,
    description: pat.description,
    ...(secret ? { secret } : {}),
    expiresAt: pat.expiresAt.toISOString(),
    createdAt: pat.createdAt.toISOString(),
    seenAt: pat.seenAt?.toISOString() ?? null,
  };
}

/** A role as Unleash's roleSchema shows it. */
export function toRoleResponse(role: Pick<Role, 'id' | 'name' | 'description' | 'type'>) {
  return { id: role.id, name: role.name, description: role.description ?? '', type: role.type };
}
