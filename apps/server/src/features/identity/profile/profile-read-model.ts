import type { Db } from '../../../db/db.ts';

export type ProfileRole = { id: number; name: string; description: string | null; type: string };

/** What a user holds, and through what: the root role, each project's roles (direct or through a group), groups. */
export type Profile = {
  rootRole: ProfileRole;
  projectRoles: { project: string; role: ProfileRole; group: string | null }[];
  groups: { id: number; name: string; rootRole: number | null }[];
  /** The flags (not archived) the user marked as favorites, outside projects hidden from them. */
  favoriteFlags: { name: string; project: string }[];
};

/** A read across users, roles, groups and project access for one user's profile page. */
export function createProfileReadModel(db: Db) {
  return {
    async of(userId: number, rootRoleId: number, hidden: readonly string[]): Promise<Profile> {
      const [rootRole] = await db.query<ProfileRole>(
        'SELECT id, name, description, type FROM roles WHERE id = $1',
        [rootRoleId],
      );
      const projectRoles = await db.query<ProfileRole & { project: string; group_name: string | null }>(
        `SELECT pm.project, r.id, r.name, r.description, r.type, NULL::text AS group_name
           FROM project_members pm JOIN roles r ON r.id = pm.role_id WHERE pm.user_id = $1
         UNION ALL
         SELECT pg.project, r.id, r.name, r.description, r.type, g.name AS group_name
           FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
           JOIN groups g ON g.id = pg.group_id JOIN roles r ON r.id = pg.role_id
          WHERE gu.user_id = $1
         ORDER BY project, id, group_name NULLS FIRST`,
        [userId],
      );
      const groups = await db.query<{ id: number; name: string; root_role_id: number | null }>(
        `SELECT g.id, g.name, g.root_role_id FROM groups g JOIN group_users gu ON gu.group_id = g.id
          WHERE gu.user_id = $1 ORDER BY lower(g.name)`,
        [userId],
      );
      const favoriteFlags = await db.query<{ name: string; project: string }>(
        `SELECT f.name, f.project_id AS project FROM favorite_flags ff JOIN flags f ON f.name = ff.flag_name
          WHERE ff.user_id = $1 AND f.archived_at IS NULL AND NOT (f.project_id = ANY($2::text[]))
          ORDER BY f.name`,
        [userId, hidden],
      );
      return {
        rootRole: rootRole!,
        favoriteFlags,
        projectRoles: projectRoles.map(({ project, group_name, ...role }) => ({
          project,
          role,
          group: group_name,
        })),
        groups: groups.map((g) => ({ id: g.id, name: g.name, rootRole: g.root_role_id })),
      };
    },
  };
}
