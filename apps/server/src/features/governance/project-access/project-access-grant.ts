import { type Access, allows, seesEverything } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { NoAccessError } from '../../../http/errors.ts';
import { createRoleStore } from '../access/role-store.ts';

/**
 * No one hands out more than they hold: outside Admins, a project role may be given only by someone who holds each
 * of its permissions in the project (so an Owner bound by change requests cannot give itself SKIP_CHANGE_REQUEST).
 * Unknown roles are left to the service, which refuses them by name.
 */
export async function assertMayGrant(
  db: Db,
  access: Access | undefined,
  project: string,
  roleIds: readonly number[],
): Promise<void> {
  if (access && seesEverything(access)) return;
  const roles = createRoleStore(db);
  for (const id of new Set(roleIds)) {
    const role = await roles.findById(id);
    for (const { permission, environment } of role?.permissions ?? []) {
      const scope = { projects: [project], ...(environment ? { environments: [environment] } : {}) };
      if (access && allows(access, permission, scope)) continue;
      const where = environment ? ` in environment "${environment}"` : '';
      throw NoAccessError.needs(
        permission,
        `You cannot give the role "${role!.name}" in project "${project}": it holds ${permission}${where}, which you do not hold there`,
      );
    }
  }
}
