import {
  type Access,
  buildAccess,
  predefinedRole,
  type ProjectRoleGrant,
  type Role,
} from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import type { Principal } from '../../../http/auth.ts';
import { createRoleStore } from './role-store.ts';

type HeldRow = { role_id: number; project: string | null };

/** Everything an admin token or an Admin holds: no lookup needed. */
const ADMIN_ACCESS: Access = buildAccess([predefinedRole('Admin')], []);

/** Users whose access is kept resolved; past it the cache starts over (a few kB each). */
const MAX_CACHED = 10_000;

/**
 * Resolves who may do what: one query for the roles a user holds (its own and its groups'), one for the custom roles
 * among them; Admins and admin tokens need neither. Resolved access is cached per user and forgotten on every change,
 * in every process: `forget()` runs on each change event (NOTIFY) and after each successful write in this process
 * (app.ts), so a role, membership or group change applies to the next request.
 */
export function createAccessReadModel(db: Db) {
  const roles = createRoleStore(db);
  const cache = new Map<number, Access>();
  const flagProjects = new Map<string, string | undefined>();
  let privateSet: Promise<Set<string>> | undefined;
  let reviewed: Promise<Map<string, Set<string>>> | undefined;
  /** Grows on every forget(): a lookup that started before one must not fill the cache with what it read. */
  let generation = 0;
  return {
    forget(): void {
      generation++;
      cache.clear();
      flagProjects.clear();
      privateSet = undefined;
      reviewed = undefined;
    },
    async accessOf(principal: Principal): Promise<Access> {
      if (principal.kind === 'token') return principal.type === 'admin' ? ADMIN_ACCESS : buildAccess([], []);
      if (principal.rootRole === 1) return ADMIN_ACCESS;
      const cached = cache.get(principal.userId);
      if (cached) return cached;
      const started = generation;
      const access = await this.accessOfUser(principal.userId, principal.rootRole);
      if (started === generation) {
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(principal.userId, access);
      }
      return access;
    },
    /** Straight from the database, never cached. */
    async accessOfUser(userId: number, rootRoleId?: number): Promise<Access> {
      if (rootRoleId === 1) return ADMIN_ACCESS;
      const held = await db.query<HeldRow>(
        `SELECT root_role_id AS role_id, NULL::text AS project FROM users WHERE id = $1
         UNION SELECT g.root_role_id, NULL FROM groups g JOIN group_users gu ON gu.group_id = g.id
                WHERE gu.user_id = $1 AND g.root_role_id IS NOT NULL
         UNION SELECT role_id, project FROM project_members WHERE user_id = $1
         UNION SELECT pg.role_id, pg.project FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
                WHERE gu.user_id = $1`,
        [userId],
      );
      const byId = new Map<number, Role>();
      const ids = [...new Set(held.map((row) => row.role_id))];
      for (const role of ids.length ? await roles.findByIds(ids) : []) byId.set(role.id, role);
      const rootRoles: Role[] = [];
      const projectRoles: ProjectRoleGrant[] = [];
      for (const row of held) {
        const role = byId.get(row.role_id);
        if (!role) continue;
        if (row.project === null) rootRoles.push(role);
        else projectRoles.push({ project: row.project, role });
      }
      return buildAccess(rootRoles, projectRoles);
    },
    /** The project a flag belongs to, archived or not; undefined when there is no such flag. */
    async projectOfFlag(name: string): Promise<string | undefined> {
      if (flagProjects.has(name)) return flagProjects.get(name);
      const started = generation;
      const [row] = await db.query<{ project: string }>(
        'SELECT project_id AS project FROM flags WHERE name = $1',
        [name],
      );
      if (started === generation) {
        if (flagProjects.size >= MAX_CACHED) flagProjects.clear();
        flagProjects.set(name, row?.project);
      }
      return row?.project;
    },
    /** The private projects among these; all of them when none are given. */
    async privateProjects(projects?: readonly string[]): Promise<string[]> {
      if (projects?.length === 0) return [];
      privateSet ??= db
        .query<{ id: string }>(`SELECT id FROM projects WHERE mode = 'private'`)
        .then((rows) => new Set(rows.map((row) => row.id)));
      const loading = privateSet;
      loading.catch(() => (privateSet = undefined));
      const found = await loading;
      return projects ? projects.filter((project) => found.has(project)) : [...found];
    },
    /** Environments of the project where change requests are on; all settings are read at once and cached. */
    async changeRequestEnvironments(project: string): Promise<ReadonlySet<string>> {
      reviewed ??= db
        .query<{ project: string; environment: string }>(
          'SELECT project, environment FROM change_request_settings',
        )
        .then((rows) => {
          const byProject = new Map<string, Set<string>>();
          for (const row of rows) {
            const set = byProject.get(row.project) ?? new Set<string>();
            set.add(row.environment);
            byProject.set(row.project, set);
          }
          return byProject;
        });
      const loading = reviewed;
      loading.catch(() => (reviewed = undefined));
      return (await loading).get(project) ?? new Set();
    },
    async projectOfSegment(id: number): Promise<string | null | undefined> {
      if (id > 2_147_483_647) return undefined;
      const [row] = await db.query<{ project: string | null }>(
        'SELECT project_id AS project FROM segments WHERE id = $1',
        [id],
      );
      return row ? row.project : undefined;
    },
  };
}

export type AccessReadModel = ReturnType<typeof createAccessReadModel>;
