import type { Db } from '../../../db/db.ts';
import {
  LOGIN_HISTORY_RETENTION_HOURS,
  MAX_FIELD_LENGTH,
  type LoginAttempt,
  type LoginEvent,
} from './login-event.ts';

type LoginEventRow = {
  id: string;
  username: string | null;
  auth_type: LoginAttempt['authType'];
  ip: string | null;
  user_agent: string | null;
  successful: boolean;
  failure_reason: string | null;
  created_at: Date;
};

const toEvent = (row: LoginEventRow): LoginEvent => ({
  id: Number(row.id),
  username: row.username,
  authType: row.auth_type,
  ip: row.ip,
  userAgent: row.user_agent,
  successful: row.successful,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
});

// Text PostgreSQL cannot store (NUL) is dropped: an attacker chooses what a failed attempt's name holds.
const clip = (text: string | null) =>
  text === null ? null : text.replaceAll('\u0000', '').slice(0, MAX_FIELD_LENGTH);

/** Sign-in attempts, newest first; each new one also drops those past the retention. */
export function createLoginEventStore(db: Db, retentionHours: number = LOGIN_HISTORY_RETENTION_HOURS) {
  return {
    async record(attempt: LoginAttempt): Promise<void> {
      await db.query(
        `INSERT INTO login_events (username, auth_type, ip, user_agent, successful, failure_reason)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          clip(attempt.username),
          attempt.authType,
          clip(attempt.ip),
          clip(attempt.userAgent),
          attempt.successful,
          clip(attempt.failureReason),
        ],
      );
      await db.query(`DELETE FROM login_events WHERE created_at < now() - make_interval(hours => $1)`, [
        retentionHours,
      ]);
    },
    /** Newest first; `text` matches part of the name or the address, `successful` the outcome. */
    async list(query: {
      limit: number;
      offset: number;
      text?: string;
      successful?: boolean;
    }): Promise<LoginEvent[]> {
      const rows = await db.query<LoginEventRow>(
        `SELECT * FROM login_events
          WHERE ($3::text IS NULL OR strpos(lower(coalesce(username, '') || ' ' || coalesce(ip, '')), lower($3)) > 0)
            AND ($4::boolean IS NULL OR successful = $4)
          ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [query.limit, query.offset, query.text ?? null, query.successful ?? null],
      );
      return rows.map(toEvent);
    },
  };
}

export type LoginEventStore = ReturnType<typeof createLoginEventStore>;
