import type { Db } from '../../../db/db.ts';
import { isDryRun } from '../../../db/dry-run.ts';
import { isPgInteger } from '../../../db/pg-integer.ts';
import { enqueueDeliveries } from '../../automation/integrations/addon-outbox.ts';
import type { NewEvent, SwitchyardEvent } from './event.ts';
import { recordBeforeCommit } from '../history/history-recorder.ts';
import { passWriteGate } from './write-gate.ts';
import { requestOrigin } from '../../../http/request-origin.ts';

type EventRow = {
  id: number;
  type: string;
  created_at: Date;
  created_by: string;
  created_by_user_id: number | null;
  project: string | null;
  feature_name: string | null;
  environment: string | null;
  data: unknown;
  pre_data: unknown;
  tags: { type: string; value: string }[];
  ip: string | null;
};

const toEvent = (row: EventRow): SwitchyardEvent => ({
  id: row.id,
  type: row.type,
  createdAt: row.created_at,
  createdBy: row.created_by,
  createdByUserId: row.created_by_user_id,
  project: row.project,
  flagName: row.feature_name,
  environment: row.environment,
  data: row.data,
  preData: row.pre_data,
  tags: row.tags,
  ip: row.ip,
});

/** Channel on which every appended event is announced, so caches in every process can refresh. */
export const EVENTS_CHANNEL = 'switchyard_events';

export type EventQuery = {
  type?: string;
  project?: string;
  flagName?: string;
  createdBy?: string;
  from?: Date;
  /** Inclusive upper bound. */
  to?: Date;
  limit?: number;
  offset?: number;
  /** Any of these types (combined with `type` when both are given). */
  types?: string[];
  projects?: string[];
  /** Left out: the private projects the reader is no member of. */
  hiddenProjects?: string[];
  flagNames?: string[];
  environments?: string[];
  /** Matches the user id, or the recorded name when a value is not a number. */
  creators?: string[];
  /** Free text, matched case-insensitively against the type, flag name, creator and the data. */
  text?: string;
};

/** A user who has made at least one change. */
export type EventCreator = { id: number; name: string };

function whereClause(query: EventQuery): { filter: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    let sql = clause;
    for (const value of values) {
      params.push(value);
      sql = sql.replace('?', `$${params.length}`);
    }
    where.push(sql);
  };
  if (query.type) add('type = ?', query.type);
  if (query.project) add('project = ?', query.project);
  if (query.flagName) add('feature_name = ?', query.flagName);
  if (query.createdBy) add('created_by = ?', query.createdBy);
  if (query.from) add('created_at >= ?', query.from);
  if (query.to) add('created_at <= ?', query.to);
  if (query.types?.length) add('type = ANY(?)', query.types);
  if (query.projects?.length) add('project = ANY(?)', query.projects);
  if (query.hiddenProjects?.length) {
    add('(project IS NULL OR NOT (project = ANY(?)))', query.hiddenProjects);
    // Events filed under no project may still name projects (a token's); one naming a hidden project is left out too.
    add(
      `NOT jsonb_exists_any(COALESCE(data->'projects', '[]') || COALESCE(pre_data->'projects', '[]'), ?)`,
      query.hiddenProjects,
    );
  }
  if (query.flagNames?.length) add('feature_name = ANY(?)', query.flagNames);
  if (query.environments?.length) add('environment = ANY(?)', query.environments);
  if (query.creators?.length) {
    const ids = query.creators
      .filter((c) => /^\d+$/.test(c))
      .map(Number)
      .filter(isPgInteger);
    add('(created_by_user_id = ANY(?) OR created_by = ANY(?))', ids, query.creators);
  }
  if (query.text) {
    const pattern = `%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add(
      `(type ILIKE ? OR feature_name ILIKE ? OR created_by ILIKE ? OR data::text ILIKE ? OR pre_data::text ILIKE ?)`,
      pattern,
      pattern,
      pattern,
      pattern,
      pattern,
    );
  }
  return { filter: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

let appendedHere = 0;
/**
 * How many events this process has appended so far (committed or not): a request that raised it may have changed
 * what SDKs are served, which is what the server's workers need to catch up with before it answers (cluster/).
 */
export const eventsAppendedHere = (): number => appendedHere;

export function createEventStore(db: Db) {
  return {
    /**
     * Appends an event; call it inside the transaction of the change it records. The deliveries it owes to
     * integrations are written in that same transaction (the outbox), so none is lost and none is made up.
     */
    async append(event: NewEvent): Promise<SwitchyardEvent> {
      // A try that is rolled back changes nothing: the gate has nothing to refuse and nobody is owed a signal.
      const trying = isDryRun();
      if (!trying) await passWriteGate(db, event);
      const [row] = await db.query<EventRow>(
        `INSERT INTO events (type, created_by, created_by_user_id, project, feature_name, environment, data, pre_data, tags, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [
          event.type,
          event.createdBy,
          event.createdByUserId ?? null,
          event.project ?? null,
          event.flagName ?? null,
          event.environment ?? null,
          event.data === undefined ? null : JSON.stringify(event.data),
          event.preData === undefined ? null : JSON.stringify(event.preData),
          JSON.stringify(event.tags ?? []),
          requestOrigin(),
        ],
      );
      if (trying) return toEvent(row!);
      await enqueueDeliveries(db, row!);
      await recordBeforeCommit(db, row!.id);
      await db.notify(EVENTS_CHANNEL, String(row!.id));
      appendedHere++;
      return toEvent(row!);
    },
    /** The newest events first, with the number of all events that match. */
    async search(query: EventQuery): Promise<{ events: SwitchyardEvent[]; total: number }> {
      const { filter, params } = whereClause(query);
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM events ${filter}`,
        params,
      );
      const limit = Math.max(0, Math.min(Math.trunc(query.limit ?? 100), 1000));
      const offset = Math.max(0, Math.trunc(query.offset ?? 0));
      const rows = await db.query<EventRow>(
        `SELECT * FROM events ${filter} ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      return { events: rows.map(toEvent), total: count!.total };
    },
    /** Users who made changes, named as they are now (or as the event recorded them when deleted). */
    async creators(): Promise<EventCreator[]> {
      return db.query<EventCreator>(
        `SELECT e.created_by_user_id AS id,
                COALESCE(u.name, u.username, u.email, max(e.created_by)) AS name
           FROM events e LEFT JOIN users u ON u.id = e.created_by_user_id
          WHERE e.created_by_user_id IS NOT NULL
          GROUP BY e.created_by_user_id, u.name, u.username, u.email
          ORDER BY name, id`,
      );
    },
    /** Number of events per UTC day for a project since a time, oldest day first. */
    async activityByDay(project: string, since: Date): Promise<{ date: string; count: number }[]> {
      return db.query<{ date: string; count: number }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS count
           FROM events WHERE project = $1 AND created_at >= $2
          GROUP BY 1 ORDER BY 1`,
        [project, since],
      );
    },
    async byIds(ids: number[]): Promise<SwitchyardEvent[]> {
      const rows = await db.query<EventRow>('SELECT * FROM events WHERE id = ANY($1) ORDER BY id', [ids]);
      return rows.map(toEvent);
    },
    async latestId(): Promise<number> {
      const [row] = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM events');
      return row?.id ?? 0;
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
