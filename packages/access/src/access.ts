import { grants, levelOf, type PermissionName } from './permissions.ts';
import { DEFAULT_PROJECT, predefinedRole, ROLE_IDS, type Role } from './roles.ts';

/** What one project grants a principal: project permissions and environment permissions per environment (`*`: all). */
export type ProjectAccess = {
  permissions: Set<PermissionName>;
  environments: Map<string, Set<PermissionName>>;
};

/**
 * Everything a principal may do, resolved once per request from its root roles (its own and its groups') and its
 * project roles (direct and through groups). `projects` lists only projects where it holds a role: its memberships.
 */
export type Access = {
  root: Set<PermissionName>;
  projects: Map<string, ProjectAccess>;
};

/** Where an operation applies: the projects and environments a request names (none named: any will do). */
export type Scope = { projects?: readonly string[]; environments?: readonly string[] };

/** A role held in a project, by role. */
export type ProjectRoleGrant = { project: string; role: Role };

const projectEntry = (access: Access, project: string): ProjectAccess => {
  let entry = access.projects.get(project);
  if (!entry) {
    entry = { permissions: new Set(), environments: new Map() };
    access.projects.set(project, entry);
  }
  return entry;
};

const addProjectRole = (entry: ProjectAccess, role: Role): void => {
  for (const { permission, environment } of role.permissions) {
    if (levelOf(permission) === 'environment') {
      const key = environment || '*';
      let held = entry.environments.get(key);
      if (!held) entry.environments.set(key, (held = new Set()));
      held.add(permission);
    } else if (levelOf(permission) === 'project') entry.permissions.add(permission);
  }
};

/**
 * Combines roles into one Access. Every principal may READ; an Editor's flag work applies in the default project as a
 * Member's would (Unleash's meaning of the Editor role, decision record 0006).
 */
export function buildAccess(rootRoles: readonly Role[], projectRoles: readonly ProjectRoleGrant[]): Access {
  const access: Access = { root: new Set(['READ']), projects: new Map() };
  for (const role of rootRoles) {
    for (const { permission } of role.permissions) {
      if (levelOf(permission) === 'root') access.root.add(permission);
    }
    if (role.id === ROLE_IDS.Editor) {
      addProjectRole(projectEntry(access, DEFAULT_PROJECT), predefinedRole('Member'));
    }
  }
  for (const { project, role } of projectRoles) addProjectRole(projectEntry(access, project), role);
  return access;
}

const environmentAllows = (
  entry: ProjectAccess,
  permission: PermissionName,
  environments: readonly string[] | undefined,
): boolean => {
  const everywhere = entry.environments.get('*');
  if (everywhere && grants(everywhere, permission)) return true;
  if (!environments || environments.length === 0) {
    for (const held of entry.environments.values()) if (grants(held, permission)) return true;
    return false;
  }
  return environments.every((environment) => {
    const held = entry.environments.get(environment);
    return held !== undefined && grants(held, permission);
  });
};

const projectAllows = (
  entry: ProjectAccess | undefined,
  permission: PermissionName,
  scope: Scope,
): boolean => {
  if (!entry) return false;
  return levelOf(permission) === 'project'
    ? grants(entry.permissions, permission)
    : environmentAllows(entry, permission, scope.environments);
};

/**
 * The one authorization decision. A root permission is held or not; a project or environment permission must be held
 * in every project (and environment) the request names, or in some project when it names none.
 */
export function allows(access: Access, permission: PermissionName, scope: Scope = {}): boolean {
  if (grants(access.root, permission)) return true;
  if (levelOf(permission) === 'root') return false;
  const projects = scope.projects;
  if (!projects || projects.length === 0) {
    for (const entry of access.projects.values()) if (projectAllows(entry, permission, scope)) return true;
    return false;
  }
  return projects.every((project) => projectAllows(access.projects.get(project), permission, scope));
}

/** Whether the principal sees everything (ADMIN), members-only projects included. */
export const seesEverything = (access: Access): boolean => access.root.has('ADMIN');

/** Whether the principal holds any role in the project: what lets it see a private project. */
export const isMember = (access: Access, project: string): boolean =>
  seesEverything(access) || access.projects.has(project);
