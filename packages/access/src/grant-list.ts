import type { Access, ProjectAccess } from './access.ts';
import { isPermissionName, type PermissionName } from './permissions.ts';

/**
 * One permission where it holds, in Unleash's meSchema shape (`GET /api/admin/user`): root permissions alone, project
 * permissions with their project, environment permissions with project and environment (`*`: every environment).
 */
export type PermissionGrant = { permission: PermissionName; project?: string; environment?: string };

/** Everything an Access holds, as the list `GET /api/admin/user` answers. */
export function toGrantList(access: Access): PermissionGrant[] {
  // ADMIN passes every check: listing anything beside it would only suggest limits that do not exist.
  if (access.root.has('ADMIN')) return [{ permission: 'ADMIN' }];
  const list: PermissionGrant[] = [...access.root].map((permission) => ({ permission }));
  for (const [project, entry] of access.projects) {
    for (const permission of entry.permissions) list.push({ permission, project });
    for (const [environment, held] of entry.environments) {
      for (const permission of held) list.push({ permission, project, environment });
    }
  }
  return list;
}

/** The Access a grant list describes: how the admin UI decides what to show, with the server's own rules. */
export function accessFromGrantList(
  list: readonly { permission: string; project?: string; environment?: string }[],
): Access {
  const access: Access = { root: new Set(), projects: new Map() };
  for (const { permission, project, environment } of list) {
    if (!isPermissionName(permission)) continue;
    if (project === undefined) {
      access.root.add(permission);
      continue;
    }
    let entry: ProjectAccess | undefined = access.projects.get(project);
    if (!entry) access.projects.set(project, (entry = { permissions: new Set(), environments: new Map() }));
    if (environment === undefined) entry.permissions.add(permission);
    else {
      let held = entry.environments.get(environment);
      if (!held) entry.environments.set(environment, (held = new Set()));
      held.add(permission);
    }
  }
  return access;
}
