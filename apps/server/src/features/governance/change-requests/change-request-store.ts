import type { Db } from '../../../db/db.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import type {
  Action,
  Change,
  ChangeRequest,
  Comment,
  Person,
  ResultDigests,
  Review,
  Schedule,
  ScheduleStatus,
  State,
} from './change-request.ts';

type RequestRow = {
  id: number;
  project: string;
  environment: string;
  title: string | null;
  state: State;
  min_approvals: number;
  created_by_user_id: number | null;
  created_by: string;
  created_at: Date;
  state_timestamps: Partial<Record<State, string>>;
};
type ChangeRow = {
  id: number;
  change_request_id: number;
  flag_name: string | null;
  segment_id: number | null;
  action: Action;
  payload: unknown;
  snapshot: unknown;
  created_by_user_id: number | null;
  created_by: string;
  created_at: Date;
};
type ReviewRow = {
  change_request_id: number;
  user_id: number;
  name: string;
  approved: boolean;
  created_at: Date;
  result_digest: string | null;
  base_digest: string | null;
};
type CommentRow = {
  id: number;
  change_request_id: number;
  text: string;
  created_by_user_id: number | null;
  created_by: string;
  created_at: Date;
};
type ScheduleRow = {
  change_request_id: number;
  scheduled_at: Date;
  status: ScheduleStatus;
  reason: string | null;
  failure_reason: string | null;
};

const person = (id: number | null, name: string): Person => ({ id, name });
const USER_NAME = `COALESCE(u.username, u.name, u.email, 'user ' || u.id::text)`;
const byRequest = <T extends { change_request_id: number }>(rows: T[], id: number) =>
  rows.filter((row) => row.change_request_id === id);

/** Scheduled requests due at $1: one clause for the cheap look and for the claim. */
const DUE_SCHEDULES = `FROM change_request_schedules s WHERE s.status = 'pending' AND s.scheduled_at <= $1`;

/** The change_request* tables. Loading a request reads each table once for any number of requests. */
export function createChangeRequestStore(db: Db) {
  async function load(ids: number[]): Promise<ChangeRequest[]> {
    if (ids.length === 0) return [];
    const [requests, changes, reviews, comments, schedules] = await Promise.all([
      db.query<RequestRow>('SELECT * FROM change_requests WHERE id = ANY($1) ORDER BY id DESC', [ids]),
      db.query<ChangeRow>(
        'SELECT * FROM change_request_changes WHERE change_request_id = ANY($1) ORDER BY id',
        [ids],
      ),
      db.query<ReviewRow>(
        `SELECT r.change_request_id, r.user_id, ${USER_NAME} AS name, r.approved, r.created_at,
                r.result_digest, r.base_digest
           FROM change_request_reviews r JOIN users u ON u.id = r.user_id
          WHERE r.change_request_id = ANY($1) ORDER BY r.created_at`,
        [ids],
      ),
      db.query<CommentRow>(
        'SELECT * FROM change_request_comments WHERE change_request_id = ANY($1) ORDER BY id',
        [ids],
      ),
      db.query<ScheduleRow>('SELECT * FROM change_request_schedules WHERE change_request_id = ANY($1)', [
        ids,
      ]),
    ]);
    const review = (row: ReviewRow): Review => ({
      by: person(row.user_id, row.name),
      at: row.created_at,
      digests: row.result_digest ? { result: row.result_digest, base: row.base_digest ?? '' } : null,
    });
    return requests.map((row) => {
      const schedule = schedules.find((s) => s.change_request_id === row.id);
      const mine = byRequest(reviews, row.id);
      return {
        id: row.id,
        project: row.project,
        environment: row.environment,
        title: row.title,
        state: row.state,
        minApprovals: row.min_approvals,
        createdBy: person(row.created_by_user_id, row.created_by),
        createdAt: row.created_at,
        stateTimestamps: row.state_timestamps,
        changes: byRequest(changes, row.id).map((c): Change => ({
          id: c.id,
          action: c.action,
          flagName: c.flag_name,
          segmentId: c.segment_id,
          payload: c.payload,
          snapshot: c.snapshot,
          createdBy: person(c.created_by_user_id, c.created_by),
          createdAt: c.created_at,
        })),
        approvals: mine.filter((r) => r.approved).map(review),
        rejections: mine.filter((r) => !r.approved).map(review),
        comments: byRequest(comments, row.id).map((c): Comment => ({
          id: c.id,
          text: c.text,
          by: person(c.created_by_user_id, c.created_by),
          at: c.created_at,
        })),
        schedule: schedule ? toSchedule(schedule) : null,
      };
    });
  }

  return {
    load,
    async get(id: number): Promise<ChangeRequest | undefined> {
      return (await load([id]))[0];
    },
    /** Locks the request's row until the transaction ends, so two reviews or applies never interleave. */
    async lock(id: number): Promise<void> {
      await db.query('SELECT id FROM change_requests WHERE id = $1 FOR UPDATE', [id]);
    },
    async findDraft(author: Actor, project: string, environment: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `SELECT id FROM change_requests WHERE state = 'Draft' AND project = $1 AND environment = $2
            AND created_by_user_id IS NOT DISTINCT FROM $3 AND created_by = $4`,
        [project, environment, author.userId, author.name],
      );
      return row?.id;
    },
    async insertDraft(author: Actor, project: string, environment: string, minApprovals: number) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO change_requests (project, environment, min_approvals, created_by_user_id, created_by, state_timestamps)
         VALUES ($1, $2, $3, $4, $5, jsonb_build_object('Draft', now())) RETURNING id`,
        [project, environment, minApprovals, author.userId, author.name],
      );
      return row!.id;
    },
    /** Ids of requests matching a filter, newest first. */
    async ids(where: string, params: unknown[], limit = 300): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT cr.id FROM change_requests cr WHERE ${where} ORDER BY cr.id DESC LIMIT ${limit}`,
        params,
      );
      return rows.map((row) => row.id);
    },
    async setState(id: number, state: State): Promise<void> {
      await db.query(
        `UPDATE change_requests SET state = $2,
                state_timestamps = state_timestamps || jsonb_build_object($2::text, now()) WHERE id = $1`,
        [id, state],
      );
    },
    async setTitle(id: number, title: string): Promise<void> {
      await db.query('UPDATE change_requests SET title = $2 WHERE id = $1', [id, title]);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM change_requests WHERE id = $1', [id]);
    },
    async addChange(
      id: number,
      change: Omit<Change, 'id' | 'createdAt' | 'createdBy'>,
      author: Actor,
    ): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO change_request_changes
           (change_request_id, flag_name, segment_id, action, payload, snapshot, created_by_user_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          id,
          change.flagName,
          change.segmentId,
          change.action,
          change.payload === undefined ? null : JSON.stringify(change.payload),
          change.snapshot === undefined ? null : JSON.stringify(change.snapshot),
          author.userId,
          author.name,
        ],
      );
      return row!.id;
    },
    async deleteChange(id: number, changeId: number): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM change_request_changes WHERE change_request_id = $1 AND id = $2 RETURNING id',
        [id, changeId],
      );
      return rows.length > 0;
    },
    /** Records a review; an approval records the digests of the result it approves (an approval again renews them). */
    async addReview(id: number, userId: number, approved: boolean, digests?: ResultDigests): Promise<void> {
      await db.query(
        `INSERT INTO change_request_reviews (change_request_id, user_id, approved, result_digest, base_digest)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (change_request_id, user_id, approved)
         DO UPDATE SET result_digest = EXCLUDED.result_digest, base_digest = EXCLUDED.base_digest,
                       created_at = now()`,
        [id, userId, approved, digests?.result ?? null, digests?.base ?? null],
      );
    },
    async clearApprovals(id: number): Promise<void> {
      await db.query('DELETE FROM change_request_reviews WHERE change_request_id = $1 AND approved', [id]);
    },
    async addComment(id: number, text: string, author: Actor): Promise<void> {
      await db.query(
        'INSERT INTO change_request_comments (change_request_id, text, created_by_user_id, created_by) VALUES ($1, $2, $3, $4)',
        [id, text, author.userId, author.name],
      );
    },
    async reviewers(id: number): Promise<number[]> {
      const rows = await db.query<{ user_id: number }>(
        'SELECT user_id FROM change_request_reviewers WHERE change_request_id = $1 ORDER BY requested_at, user_id',
        [id],
      );
      return rows.map((row) => row.user_id);
    },
    async addReviewers(id: number, userIds: number[]): Promise<number[]> {
      const rows = await db.query<{ user_id: number }>(
        `INSERT INTO change_request_reviewers (change_request_id, user_id)
         SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING RETURNING user_id`,
        [id, userIds],
      );
      return rows.map((row) => row.user_id);
    },
    async schedule(id: number, at: Date, userId: number | null): Promise<void> {
      await db.query(
        `INSERT INTO change_request_schedules (change_request_id, scheduled_at, created_by_user_id)
         VALUES ($1, $2, $3)
         ON CONFLICT (change_request_id) DO UPDATE SET scheduled_at = $2, status = 'pending', reason = NULL,
           failure_reason = NULL, attempts = 0, created_by_user_id = $3`,
        [id, at, userId],
      );
    },
    async unschedule(id: number): Promise<void> {
      await db.query('DELETE FROM change_request_schedules WHERE change_request_id = $1', [id]);
    },
    async setScheduleStatus(
      id: number,
      status: ScheduleStatus,
      reasons: { reason?: string; failureReason?: string },
    ): Promise<void> {
      await db.query(
        `UPDATE change_request_schedules SET status = $2, reason = $3, failure_reason = $4, attempts = attempts + 1
          WHERE change_request_id = $1`,
        [id, status, reasons.reason ?? null, reasons.failureReason ?? null],
      );
    },
    /**
     * Claims one due schedule for this transaction: the row stays locked until it ends and other processes skip it,
     * so a schedule is applied once however many servers poll.
     */
    /** Whether a scheduled request is due at `now`: one plain read, so an idle poll needs no transaction. */
    async anyDue(now: Date): Promise<boolean> {
      const [row] = await db.query<{ due: boolean }>(`SELECT EXISTS (SELECT 1 ${DUE_SCHEDULES}) AS due`, [
        now,
      ]);
      return row?.due === true;
    },
    async claimDue(now: Date): Promise<number | undefined> {
      const [row] = await db.query<{ change_request_id: number }>(
        `SELECT s.change_request_id ${DUE_SCHEDULES}
          ORDER BY s.scheduled_at, s.change_request_id
          LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      return row?.change_request_id;
    },
  };
}

function toSchedule(row: ScheduleRow): Schedule {
  return {
    scheduledAt: row.scheduled_at,
    status: row.status,
    reason: row.reason,
    failureReason: row.failure_reason,
  };
}

export type ChangeRequestStore = ReturnType<typeof createChangeRequestStore>;
