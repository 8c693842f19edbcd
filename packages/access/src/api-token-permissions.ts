import type { PermissionName } from './permissions.ts';

/** The kinds of API token: for server-side SDKs, for browser SDKs, and for scripts that use the admin API. */
export type ApiTokenKind = 'client' | 'frontend' | 'admin';
export type ApiTokenAction = 'CREATE' | 'READ' | 'UPDATE' | 'DELETE';

const BY_KIND = {
  client: {
    CREATE: 'CREATE_CLIENT_API_TOKEN',
    READ: 'READ_CLIENT_API_TOKEN',
    UPDATE: 'UPDATE_CLIENT_API_TOKEN',
    DELETE: 'DELETE_CLIENT_API_TOKEN',
  },
  frontend: {
    CREATE: 'CREATE_FRONTEND_API_TOKEN',
    READ: 'READ_FRONTEND_API_TOKEN',
    UPDATE: 'UPDATE_FRONTEND_API_TOKEN',
    DELETE: 'DELETE_FRONTEND_API_TOKEN',
  },
} as const satisfies Record<Exclude<ApiTokenKind, 'admin'>, Record<ApiTokenAction, PermissionName>>;

/**
 * The permission that lets one create, read, change or delete an API token of a kind: client and frontend tokens have
 * their own (Unleash's), an admin token acts as an Admin and so is ADMIN's alone.
 */
export function apiTokenPermission(action: ApiTokenAction, kind: ApiTokenKind): PermissionName {
  return kind === 'admin' ? 'ADMIN' : BY_KIND[kind][action];
}

/** Every permission besides ADMIN that can allow the action on some token. */
export const apiTokenPermissions = (action: ApiTokenAction): PermissionName[] => [
  BY_KIND.client[action],
  BY_KIND.frontend[action],
];
