import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import { hashSecret } from '../api-tokens/api-token.ts';
import { SESSION_SEEN_MS, USER_AGENT_MAX, type Session, type SessionClient } from '../sessions/session.ts';

type SessionRow = {
  id: string;
  id_hash: string;
  user_id: number;
  username: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  seen_at: Date | null;
  expires_at: Date;
};

const SELECT = `SELECT s.id::text AS id, s.id_hash, s.user_id, u.username, u.email, s.ip, s.user_agent, s.created_at,
         s.seen_at, s.expires_at
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.expires_at > now()`;

/** Login sessions; the cookie carries a random id and only its hash is stored. */
export function createSessionStore(db: Db) {
  const toSession = (row: SessionRow, currentHash: string | null): Session => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    seenAt: row.seen_at,
    expiresAt: row.expires_at,
    current: row.id_hash === currentHash,
  });

  return {
    async create(
      userId: number,
      maxAgeHours: number,
      client: SessionClient = {},
    ): Promise<{ id: string; expiresAt: Date }> {
      const id = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + maxAgeHours * 3_600_000);
      await db.query(
        `INSERT INTO sessions (id_hash, user_id, expires_at, ip, user_agent, seen_at)
         VALUES ($1, $2, $3, $4, $5, now())`,
        [
          hashSecret(id),
          userId,
          expiresAt,
          client.ip ?? null,
          client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        ],
      );
      return { id, expiresAt };
    },
    /** The session's user, noting the use at most once a minute. */
    async findUserId(id: string): Promise<number | undefined> {
      const hash = hashSecret(id);
      const [row] = await db.query<{ user_id: number; seen_at: Date | null }>(
        'SELECT user_id, seen_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
        [hash],
      );
      if (row && (!row.seen_at || Date.now() - row.seen_at.getTime() > SESSION_SEEN_MS))
        await db.query('UPDATE sessions SET seen_at = now() WHERE id_hash = $1', [hash]);
      return row?.user_id;
    },
    /** Live sessions, newest first: one user's, or everyone's. `current` is the cookie of the request that asks. */
    async list(options: { userId?: number; current?: string }): Promise<Session[]> {
      const rows = await db.query<SessionRow>(
        `${SELECT} AND ($1::int IS NULL OR s.user_id = $1) ORDER BY s.created_at DESC, s.id DESC`,
        [options.userId ?? null],
      );
      const currentHash = options.current === undefined ? null : hashSecret(options.current);
      return rows.map((row) => toSession(row, currentHash));
    },
    /** Ends one session by its public id, only if it belongs to `userId` when given; true when one ended. */
    async revoke(sessionId: string, userId?: number): Promise<boolean> {
      if (!/^\d{1,18}$/.test(sessionId)) return false;
      const rows = await db.query(
        'DELETE FROM sessions WHERE id = $1 AND ($2::int IS NULL OR user_id = $2) RETURNING id',
        [sessionId, userId ?? null],
      );
      return rows.length > 0;
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
