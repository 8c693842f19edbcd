import { accessFromGrantList, allows, type PermissionName, type Scope } from '@switchyard/access';
import type { Me } from '../../api/types.ts';
import { useSession } from './use-session.ts';

/** Whether the signed-in user may do something, decided by the server's own rules from its grant list. */
export function meAllows(me: Me | null | undefined, permission: PermissionName, scope?: Scope): boolean {
  return me ? allows(accessFromGrantList(me.permissions), permission, scope) : false;
}

/** `meAllows` for the current session: screens and navigation hide what the caller may not do. */
export function useAllows(permission: PermissionName, scope?: Scope): boolean {
  return meAllows(useSession().data, permission, scope);
}
