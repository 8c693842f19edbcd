/** A signed-in browser: what the sessions list shows. The secret cookie value never leaves the server. */
export type Session = {
  /** Public id, to revoke the session by. */
  id: string;
  userId: number;
  username: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** When a request last came with this session (written at most once a minute). */
  seenAt: Date | null;
  expiresAt: Date;
  /** The session of the request that asked. */
  current: boolean;
};

/** Where a session was opened from, as the sign-in request showed it. */
export type SessionClient = { ip?: string | null; userAgent?: string | null };

/** How often a session's last use is written. */
export const SESSION_SEEN_MS = 60_000;

/** At most this much of a user agent is kept: enough to tell browsers apart. */
export const USER_AGENT_MAX = 512;

/** The address and user agent of the request that opens a session. */
export function sessionClientOf(request: { ip?: string; headers: { 'user-agent'?: string } }): SessionClient {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
