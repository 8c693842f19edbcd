import { type Permission, permissionsOf, type RootRole } from '../../http/auth.ts';
import { levelOf } from '../access/permissions.ts';
import type { PersonalAccessToken } from './pat-store.ts';
import { ROOT_ROLE_DESCRIPTIONS, ROOT_ROLE_IDS, type User } from './user.ts';

export function toUserResponse(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    rootRole: ROOT_ROLE_IDS[user.rootRole],
    rootRoleName: user.rootRole,
    permissions: [...permissionsOf({ kind: 'user', userId: user.id, username: '', rootRole: user.rootRole })],
    createdAt: user.createdAt.toISOString(),
    seenAt: user.seenAt?.toISOString() ?? null,
    isAPI: user.isService,
  };
}

/** Accepts a root role as Unleash's numeric id or as its name. */
export function toRootRole(value: number | string): RootRole {
  if (typeof value === 'string') return value as RootRole;
  const entry = Object.entries(ROOT_ROLE_IDS).find(([, id]) => id === value);
  return (entry?.[0] ?? 'Viewer') as RootRole;
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

/** A root role as Unleash's roleSchema shows it. */
export function toRoleResponse(role: RootRole) {
  return { id: ROOT_ROLE_IDS[role], name: role, description: ROOT_ROLE_DESCRIPTIONS[role], type: 'root' };
}

/**
 * Permissions in Unleash's meSchema shape. A root role's project and environment permissions hold everywhere, which
 * Unleash's admin UI reads from the `*` wildcard; project roles will list their project instead.
 */
export function toMePermissions(permissions: readonly Permission[]) {
  return permissions.map((permission) => {
    const level = levelOf(permission);
    if (level === 'root') return { permission };
    if (level === 'project') return { permission, project: '*' };
    return { permission, project: '*', environment: '*' };
  });
}
