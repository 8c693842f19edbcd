import type { Db } from '../../../db/db.ts';
import { hashSecret } from '../api-tokens/api-token.ts';
import type { ResetPurpose, ResetToken } from './reset-token.ts';

type ResetTokenRow = {
  secret_hash: string;
  user_id: number;
  purpose: ResetPurpose;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
};

const toToken = (row: ResetTokenRow): ResetToken => ({
  secretHash: row.secret_hash,
  userId: row.user_id,
  purpose: row.purpose,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

/** Password-reset links, by the hash of their secret. */
export function createResetTokenStore(db: Db) {
  return {
    async insert(token: {
      secret: string;
      userId: number;
      purpose: ResetPurpose;
      createdBy: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO password_reset_tokens (secret_hash, user_id, purpose, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [hashSecret(token.secret), token.userId, token.purpose, token.createdBy, token.expiresAt],
      );
    },
    async findBySecret(secret: string): Promise<ResetToken | undefined> {
      const [row] = await db.query<ResetTokenRow>(
        'SELECT * FROM password_reset_tokens WHERE secret_hash = $1',
        [hashSecret(secret)],
      );
      return row && toToken(row);
    },
    /**
     * Uses the link up if it is still usable, in one statement, so two requests racing with the same link cannot
     * both succeed. Returns whose link it was, or undefined.
     */
    async consume(secret: string, now: Date): Promise<number | undefined> {
      const [row] = await db.query<{ user_id: number }>(
        `UPDATE password_reset_tokens SET used_at = $2
          WHERE secret_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id`,
        [hashSecret(secret), now],
      );
      return row?.user_id;
    },
    /** After a reset, the user's other links stop working too. */
    async useUpAllOf(userId: number, now: Date): Promise<void> {
      await db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        userId,
        now,
      ]);
    },
    /** Holds the user's row until the transaction ends: one ask for a user at a time. */
    async lockUser(userId: number): Promise<void> {
      await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    },
    async countMadeSince(userId: number, purpose: ResetPurpose, since: Date): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM password_reset_tokens
          WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
        [userId, purpose, since],
      );
      return row?.count ?? 0;
    },
  };
}

export type ResetTokenStore = ReturnType<typeof createResetTokenStore>;
