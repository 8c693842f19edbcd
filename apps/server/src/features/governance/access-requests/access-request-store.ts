import type { Db } from '../../../db/db.ts';

export type AccessRequest = {
  id: number;
  userId: number;
  name: string | null;
  username: string | null;
  email: string | null;
  project: string;
  requestedAt: Date;
};

type AccessRequestRow = {
  id: number;
  user_id: number;
  name: string | null;
  username: string | null;
  email: string | null;
  project_id: string;
  requested_at: Date;
};

const toRequest = (row: AccessRequestRow): AccessRequest => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  username: row.username,
  email: row.email,
  project: row.project_id,
  requestedAt: row.requested_at,
});

const SELECT = `SELECT r.id, r.user_id, u.name, u.username, u.email, r.project_id, r.requested_at
  FROM user_access_requests r JOIN users u ON u.id = r.user_id`;

/** Open requests for access to a project, with the person who asked. */
export function createAccessRequestStore(db: Db) {
  return {
    /** Undefined when this person already has an open request for the project. */
    async add(userId: number, project: string): Promise<AccessRequest | undefined> {
      const [inserted] = await db.query<{ id: number }>(
        `INSERT INTO user_access_requests (user_id, project_id) VALUES ($1, $2)
         ON CONFLICT (user_id, project_id) DO NOTHING RETURNING id`,
        [userId, project],
      );
      return inserted ? this.find(inserted.id) : undefined;
    },
    async find(id: number): Promise<AccessRequest | undefined> {
      const [row] = await db.query<AccessRequestRow>(`${SELECT} WHERE r.id = $1`, [id]);
      return row ? toRequest(row) : undefined;
    },
    /** Every project's open requests, or one project's. */
    async list(project?: string): Promise<AccessRequest[]> {
      const rows = await db.query<AccessRequestRow>(
        `${SELECT} WHERE u.deleted_at IS NULL AND ($1::text IS NULL OR r.project_id = $1)
         ORDER BY r.requested_at DESC, r.id DESC`,
        [project ?? null],
      );
      return rows.map(toRequest);
    },
    async remove(id: number): Promise<void> {
      await db.query('DELETE FROM user_access_requests WHERE id = $1', [id]);
    },
    /** Whether the person already holds a role in the project, directly. */
    async isMember(userId: number, project: string): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM project_members WHERE project = $1 AND user_id = $2 LIMIT 1',
        [project, userId],
      );
      return rows.length > 0;
    },
  };
}
