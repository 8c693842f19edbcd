import { isRootRoleType } from '@switchyard/access';
import { BadDataError } from '../../../http/errors.ts';
import type { RoleStore } from './role-store.ts';

/**
 * The id of a root role named on the wire by id or by name (predefined or custom); a 400 naming the field when no
 * root role answers to it.
 */
export async function rootRoleIdOf(
  roles: RoleStore,
  value: number | string,
  path = '/body/rootRole',
): Promise<number> {
  const role = typeof value === 'number' ? await roles.findById(value) : await roles.findByName(value, true);
  if (!role || !isRootRoleType(role.type)) {
    const message = `${path.split('/').pop()} must be the id or name of a root role; ${JSON.stringify(value)} is not`;
    throw BadDataError.field(path, message);
  }
  return role.id;
}
