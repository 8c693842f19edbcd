import { ROLE_IDS } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import type { ProjectOwnersPort } from '../../flag-model/projects/project-ports.ts';

/** Someone holding roles in a project: a person, a service account or a group. */
export type ProjectMember = { id: number; roles: number[]; addedAt: Date };
export type ProjectUserMember = ProjectMember & {
  name: string | null;
  username: string | null;
  email: string | null;
  isService: boolean;
};
export type ProjectGroupMember = ProjectMember & {
  name: string;
  description: string | null;
  userCount: number;
};

type MemberRow = { id: number; role_id: number; added_at: Date };

const gather = <R extends MemberRow, M extends ProjectMember>(rows: R[], make: (row: R) => M): M[] => {
  const members = new Map<number, M>();
  for (const row of rows) {
    const member = members.get(row.id) ?? make(row);
    member.roles.push(row.role_id);
    if (row.added_at < member.addedAt) member.addedAt = row.added_at;
    members.set(row.id, member);
  }
  return [...members.values()];
};

/** Who holds which project roles, directly (people, service accounts) and through groups. */
export function createProjectAccessStore(db: Db) {
  return {
    async users(project: string): Promise<ProjectUserMember[]> {
      const rows = await db.query<
        MemberRow & {
          name: string | null;
          username: string | null;
          email: string | null;
          is_service: boolean;
        }
      >(
        `SELECT u.id, u.name, u.username, u.email, u.is_service, m.role_id, m.created_at AS added_at
           FROM project_members m JOIN users u ON u.id = m.user_id
          WHERE m.project = $1 AND u.deleted_at IS NULL ORDER BY u.id, m.role_id`,
        [project],
      );
      return gather(rows, (row) => ({
        id: row.id,
        name: row.name,
        username: row.username,
        email: row.email,
        isService: row.is_service,
        roles: [],
        addedAt: row.added_at,
      }));
    },
    async groups(project: string): Promise<ProjectGroupMember[]> {
      const rows = await db.query<
        MemberRow & { name: string; description: string | null; user_count: number }
      >(
        `SELECT g.id, g.name, g.description, pg.role_id, pg.created_at AS added_at,
                (SELECT count(*)::int FROM group_users gu WHERE gu.group_id = g.id) AS user_count
           FROM project_groups pg JOIN groups g ON g.id = pg.group_id
          WHERE pg.project = $1 ORDER BY g.id, pg.role_id`,
        [project],
      );
      return gather(rows, (row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        userCount: row.user_count,
        roles: [],
        addedAt: row.added_at,
      }));
    },
    /** The project roles a user holds, directly or through its groups. */
    async roleIdsOf(userId: number, project: string): Promise<number[]> {
      const rows = await db.query<{ role_id: number }>(
        `SELECT role_id FROM project_members WHERE user_id = $1 AND project = $2
         UNION SELECT pg.role_id FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
                WHERE gu.user_id = $1 AND pg.project = $2`,
        [userId, project],
      );
      return rows.map((row) => row.role_id);
    },
    async addUserRoles(project: string, userId: number, roleIds: number[], createdBy: string): Promise<void> {
      for (const roleId of roleIds) {
        await db.query(
          `INSERT INTO project_members (project, user_id, role_id, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [project, userId, roleId, createdBy],
        );
      }
    },
    async addGroupRoles(
      project: string,
      groupId: number,
      roleIds: number[],
      createdBy: string,
    ): Promise<void> {
      for (const roleId of roleIds) {
        await db.query(
          `INSERT INTO project_groups (project, group_id, role_id, created_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [project, groupId, roleId, createdBy],
        );
      }
    },
    async removeUser(project: string, userId: number): Promise<void> {
      await db.query('DELETE FROM project_members WHERE project = $1 AND user_id = $2', [project, userId]);
    },
    async removeGroup(project: string, groupId: number): Promise<void> {
      await db.query('DELETE FROM project_groups WHERE project = $1 AND group_id = $2', [project, groupId]);
    },
    async removeEveryone(project: string): Promise<void> {
      await db.query('DELETE FROM project_members WHERE project = $1', [project]);
      await db.query('DELETE FROM project_groups WHERE project = $1', [project]);
    },
    /** The people holding the Owner role directly in each of these projects. */
    async ownersOf(projects: string[]): Promise<Map<string, { name: string; email: string | null }[]>> {
      const owners = new Map<string, { name: string; email: string | null }[]>();
      if (projects.length === 0) return owners;
      const rows = await db.query<{ project: string; name: string; email: string | null }>(
        `SELECT m.project, COALESCE(u.name, u.username, u.email, 'user ' || u.id) AS name, u.email
           FROM project_members m JOIN users u ON u.id = m.user_id
          WHERE m.project = ANY($1) AND m.role_id = $2 AND u.deleted_at IS NULL ORDER BY m.project, u.id`,
        [projects, ROLE_IDS.Owner],
      );
      for (const row of rows)
        owners.set(row.project, [...(owners.get(row.project) ?? []), { name: row.name, email: row.email }]);
      return owners;
    },
    /** The projects where someone holds a role, for the access overview. */
    async projectsOfUsers(): Promise<Map<number, string[]>> {
      const rows = await db.query<{ user_id: number; project: string }>(
        `SELECT user_id, project FROM project_members
         UNION SELECT gu.user_id, pg.project FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
         ORDER BY user_id, project`,
      );
      const projects = new Map<number, string[]>();
      for (const row of rows) projects.set(row.user_id, [...(projects.get(row.user_id) ?? []), row.project]);
      return projects;
    },
  };
}

export type ProjectAccessStore = ReturnType<typeof createProjectAccessStore>;

/** The flag model's port to project membership, wired in app.ts. */
export const projectOwnersPort: ProjectOwnersPort = {
  addOwner: (db, project, userId, actor) =>
    createProjectAccessStore(db).addUserRoles(project, userId, [ROLE_IDS.Owner], actor.name),
};
