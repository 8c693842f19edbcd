import type { Db } from '../../../db/db.ts';
import { hashSecret } from '../api-tokens/api-token.ts';

export type PersonalAccessToken = {
  id: number;
  userId: number;
  description: string;
  expiresAt: Date;
  createdAt: Date;
  seenAt: Date | null;
};

type PatRow = {
  id: number;
  user_id: number;
  description: string;
  expires_at: Date;
  created_at: Date;
  seen_at: Date | null;
};

const toPat = (row: PatRow): PersonalAccessToken => ({
  id: row.id,
  userId: row.user_id,
  description: row.description,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  seenAt: row.seen_at,
});

/** Personal access tokens act as their user; secrets start with `user:` and are stored hashed. */
export function createPatStore(db: Db) {
  return {
    async insert(pat: { userId: number; description: string; secret: string; expiresAt: Date }) {
      const [row] = await db.query<PatRow>(
        `INSERT INTO personal_access_tokens (user_id, description, secret_hash, expires_at)
         VALUES ($1, $2, $3, $4) RETURNING *`,
        [pat.userId, pat.description, hashSecret(pat.secret), pat.expiresAt],
      );
      return toPat(row!);
    },
    async findActiveBySecret(secret: string): Promise<PersonalAccessToken | undefined> {
      const [row] = await db.query<PatRow>(
        'SELECT * FROM personal_access_tokens WHERE secret_hash = $1 AND expires_at > now()',
        [hashSecret(secret)],
      );
      return row && toPat(row);
    },
    /** Notes that the token was used; at most once a minute, so scripts in a loop do not write on every call. */
    async markSeen(id: number): Promise<void> {
      await db.query(
        `UPDATE personal_access_tokens SET seen_at = now()
         WHERE id = $1 AND (seen_at IS NULL OR seen_at < now() - interval '1 minute')`,
        [id],
      );
    },
    async listForUser(userId: number): Promise<PersonalAccessToken[]> {
      const rows = await db.query<PatRow>(
        'SELECT * FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      );
      return rows.map(toPat);
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM personal_access_tokens WHERE user_id = $1 AND id = $2 RETURNING id',
        [userId, id],
      );
      return rows.length > 0;
    },
  };
}

export type PatStore = ReturnType<typeof createPatStore>;
