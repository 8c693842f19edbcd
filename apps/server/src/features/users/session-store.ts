import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { hashSecret } from '../api-tokens/api-token.ts';

/** Login sessions; the cookie carries a random id and only its hash is stored. */
export function createSessionStore(db: Db) {
  return {
    async create(userId: number, maxAgeHours: number): Promise<{ id: string; expiresAt: Date }> {
      const id = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + maxAgeHours * 3_600_000);
      await db.query('INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        hashSecret(id),
        userId,
        expiresAt,
      ]);
      return { id, expiresAt };
    },
    async findUserId(id: string): Promise<number | undefined> {
      const [row] = await db.query<{ user_id: number }>(
        'SELECT user_id FROM sessions WHERE id_hash = $1 AND expires_at > now()',
        [hashSecret(id)],
      );
      return row?.user_id;
    },
    /** Ends every session of the user except `keep` (the cookie of the request that asked). */
    async endAllOf(userId: number, keep?: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [
        userId,
        keep === undefined ? null : hashSecret(keep),
      ]);
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashSecret(id)]);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
