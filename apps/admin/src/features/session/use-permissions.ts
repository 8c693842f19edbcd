import { accessFromGrantList, allows, type PermissionName } from '@switchyard/access';
import { useMemo } from 'react';
import type { Me } from '../../api/wire.ts';
import { useSession } from './use-session.ts';

/** Where a control acts: the project and environment its request will name (left out: any). */
export type Where = { project?: string; environment?: string };
export type Can = (permission: PermissionName, where?: Where) => boolean;

/**
 * The server's own decision for the signed-in user, from the grant list it sent: the UI hides what would be refused
 * instead of guessing from role names. The server still checks every request.
 */
export function canFrom(me: Me | null | undefined): Can {
  const access = accessFromGrantList(me?.permissions ?? []);
  return (permission, where = {}) =>
    allows(access, permission, {
      projects: where.project === undefined ? undefined : [where.project],
      environments: where.environment === undefined ? undefined : [where.environment],
    });
}

/** The one permissions hook: `can('CREATE_FEATURE', { project })` for every control in the UI. */
export function usePermissions(): { can: Can } {
  const { data } = useSession();
  return useMemo(() => ({ can: canFrom(data) }), [data]);
}
