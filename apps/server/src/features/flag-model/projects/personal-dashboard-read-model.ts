import type { Db } from '../../../db/db.ts';

export type PersonalFlag = { name: string; project: string; type: string; lastSeenAt: Date | null };
export type Admin = { id: number; name: string | null; username: string | null; email: string | null };

/** What the personal dashboard shows a user: their flags, their projects, and whom to ask for access. */
export function createPersonalDashboardReadModel(db: Db) {
  return {
    /** Flags (not archived) the user created or marked as favorites. */
    async flags(userId: number): Promise<PersonalFlag[]> {
      const rows = await db.query<{
        name: string;
        project_id: string;
        type: string;
        last_seen_at: Date | null;
      }>(
        `SELECT f.name, f.project_id, f.type, f.last_seen_at FROM flags f
          WHERE f.archived_at IS NULL
            AND (f.created_by_user_id = $1
                 OR EXISTS (SELECT 1 FROM favorite_flags ff WHERE ff.flag_name = f.name AND ff.user_id = $1))
          ORDER BY f.name`,
        [userId],
      );
      return rows.map((r) => ({
        name: r.name,
        project: r.project_id,
        type: r.type,
        lastSeenAt: r.last_seen_at,
      }));
    },
    /**
     * Projects the user takes part in: those they are a member of (directly or through a group), marked as
     * favorites, created flags in, or changed anything in.
     */
    async projectIds(userId: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT p.id FROM projects p
          WHERE EXISTS (SELECT 1 FROM project_members m WHERE m.project = p.id AND m.user_id = $1)
             OR EXISTS (SELECT 1 FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
                         WHERE pg.project = p.id AND gu.user_id = $1)
             OR EXISTS (SELECT 1 FROM favorite_projects fp WHERE fp.project_id = p.id AND fp.user_id = $1)
             OR EXISTS (SELECT 1 FROM flags f WHERE f.project_id = p.id AND f.created_by_user_id = $1)
             OR EXISTS (SELECT 1 FROM events e WHERE e.project = p.id AND e.created_by_user_id = $1)`,
        [userId],
      );
      return rows.map((row) => row.id);
    },
    async admins(): Promise<Admin[]> {
      return db.query<Admin>(
        `SELECT id, name, username, email FROM users
          WHERE root_role_id = 1 AND deleted_at IS NULL AND NOT is_service ORDER BY id`,
      );
    },
  };
}
