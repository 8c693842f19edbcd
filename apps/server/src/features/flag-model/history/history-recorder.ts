import type { Db } from '../../../db/db.ts';
import { loadEnvironmentState } from '../../sdk-serving/client-api/environment-state-store.ts';
import {
  diffEntries,
  digestOf,
  flagKey,
  flagsIn,
  recordingScope,
  toEntries,
  type ContextFieldEntry,
  type FlagOrder,
  type HistoryEntries,
} from './history.ts';
import { encodeFeedMessage, FEED_CHANNEL, isFlagsOnly, type FeedMessage } from './served-feed.ts';

/** One lock for every recording in every process: recordings then follow commit order, and so do their instants. */
const HISTORY_LOCK = 4_100_041;
/** A recording gets a full checkpoint once this many changes were recorded after the previous one. */
export const CHECKPOINT_EVERY = 1_000;

let positionHere = 0;
/**
 * The served-feed position of the last recording this process made (committed or not): once the process's own
 * cache has applied it, it serves what this process wrote (cluster/primary.ts).
 */
export const feedPositionHere = (): number => positionHere;

/** The transactions whose events are waiting to be recorded, keyed by the transaction's Db. */
const pending = new WeakMap<Db, number[]>();

/**
 * Called for each appended event: once the transaction's work is done, just before it commits, what SDKs are served
 * is read again and every entry that differs from the last recording is recorded (decision record 0041).
 */
export async function recordBeforeCommit(db: Db, eventId: number): Promise<void> {
  const ids = pending.get(db);
  if (ids) {
    ids.push(eventId);
    return;
  }
  const list = [eventId];
  pending.set(db, list);
  await db.beforeCommit('served-history', async (tx) => {
    pending.delete(db);
    await recordServedHistory(tx, list);
  });
}

type ContextRow = {
  name: string;
  description: string | null;
  legal_values: unknown[] | null;
  stickiness: boolean;
  sort_order: number;
  project_id: string | null;
};

/** Where each flag sits in the served order; `only`: just these flags, ranked among all flags as the whole read ranks. */
async function readOrder(tx: Db, only?: string[]): Promise<FlagOrder> {
  const rows = await tx.query<{ name: string; at: string; rank: number }>(
    only
      ? `SELECT name, at, rank FROM (
           SELECT name, to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS at,
                  (row_number() OVER (PARTITION BY created_at ORDER BY name))::int AS rank
             FROM flags WHERE created_at IN (SELECT created_at FROM flags WHERE name = ANY($1))) ranked
          WHERE name = ANY($1)`
      : `SELECT name, to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS at,
                (row_number() OVER (PARTITION BY created_at ORDER BY name))::int AS rank
           FROM flags`,
    only ? [only] : [],
  );
  return new Map(rows.map((row) => [row.name, [row.at, row.rank]]));
}

async function readContextFields(tx: Db): Promise<ContextFieldEntry[]> {
  return (
    await tx.query<ContextRow>(
      'SELECT name, description, legal_values, stickiness, sort_order, project_id FROM context_fields ORDER BY name',
    )
  ).map((row) => ({
    name: row.name,
    description: row.description,
    legalValues: row.legal_values ?? [],
    stickiness: row.stickiness,
    sortOrder: row.sort_order,
    project: row.project_id,
  }));
}

/** Every entry of an environment as a whole recording reads it (what the served heads must digest to). */
export async function readWholeEntries(tx: Db, environment: string): Promise<HistoryEntries> {
  const state = await loadEnvironmentState(tx, environment, { withDisabledStrategies: true });
  return toEntries(state, await readOrder(tx), await readContextFields(tx));
}

/**
 * Reads what each environment serves now and records what changed; call it inside a transaction. When every event of
 * the transaction stays inside the entry of the flag it names (`recordingScope`), only those flags' entries are read
 * and compared, with every segment and context field; the other entries cannot have changed (decision record 0041).
 */
export async function recordServedHistory(tx: Db, eventIds: number[]): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [HISTORY_LOCK]);
  // One instant for the whole transaction, in every environment, and the served feed's next position; both taken
  // under the lock, so instants and positions follow commits.
  const [{ at, position } = { at: new Date(), position: 0 }] = await tx.query<{ at: Date; position: number }>(
    `UPDATE served_feed SET position = position + 1
     RETURNING position, date_trunc('milliseconds', clock_timestamp()) AS at`,
  );
  const events = await tx.query<{ type: string; flagName: string | null; environment: string | null }>(
    'SELECT type, feature_name AS "flagName", environment FROM events WHERE id = ANY($1)',
    [eventIds],
  );
  const scope = recordingScope(events);
  const environments = await tx.query<{ name: string }>('SELECT name FROM environments ORDER BY name');
  const feed: FeedMessage = {
    position,
    revisionId: Math.max(0, ...eventIds),
    flagsOnly: isFlagsOnly(events.map((event) => event.type)),
    changes: {},
    ...(scope.whole ? { environments: environments.map((row) => row.name) } : {}),
  };
  const contextFields = await readContextFields(tx);
  let wholeOrder: FlagOrder | undefined;
  const readWhole = async (environment: string): Promise<HistoryEntries> => {
    wholeOrder ??= await readOrder(tx);
    const state = await loadEnvironmentState(tx, environment, { withDisabledStrategies: true });
    return toEntries(state, wholeOrder, contextFields);
  };

  // An environment never recorded gets its first recording, with everything, whatever the events.
  const unrecorded = new Set(
    scope.whole
      ? []
      : (
          await tx.query<{ name: string }>(
            `SELECT name FROM environments e
              WHERE NOT EXISTS (SELECT 1 FROM served_heads h WHERE h.environment = e.name)`,
          )
        ).map((row) => row.name),
  );

  for (const { name: environment } of environments) {
    const only = scope.whole || unrecorded.has(environment) ? undefined : flagsIn(scope, environment);
    if (only && !only.length) continue;
    let entries: HistoryEntries | undefined;
    let heads: { key: string; digest: string }[] = [];
    if (only) {
      // The named flags' heads and every head that is not a flag's: the keys the narrow read gives.
      heads = await tx.query<{ key: string; digest: string }>(
        `SELECT key, digest FROM served_heads
          WHERE environment = $1 AND (key = ANY($2) OR key NOT LIKE 'flag:%')`,
        [environment, only.map(flagKey)],
      );
      if (heads.length) {
        const state = await loadEnvironmentState(tx, environment, {
          withDisabledStrategies: true,
          flags: only,
        });
        entries = toEntries(state, await readOrder(tx, only), contextFields);
      }
    }
    const narrow = entries !== undefined;
    if (!entries) {
      entries = await readWhole(environment);
      heads = await tx.query<{ key: string; digest: string }>(
        'SELECT key, digest FROM served_heads WHERE environment = $1',
        [environment],
      );
    }
    const after = new Map([...entries].map(([key, value]) => [key, { value, digest: digestOf(value) }]));
    const baseline = heads.length === 0;
    const changes = diffEntries(new Map(heads.map((h) => [h.key, h.digest])), after);
    // A first recording says nothing of what was there before it: whoever holds the environment reads it again.
    if (baseline) feed.reload = true;
    if (changes.length) feed.changes[environment] = changes.map((change) => [change.key, change.value]);
    if (!changes.length && !baseline) continue;

    const [recording] = await tx.query<{ id: number }>(
      `INSERT INTO served_recordings (environment, recorded_at, event_ids)
       VALUES ($1, $2, $3) RETURNING id`,
      [environment, at, eventIds],
    );
    const id = recording!.id;
    const written = changes.filter((c) => !baseline || c.value !== null);
    if (!baseline) {
      await tx.query(
        `INSERT INTO served_changes (recording_id, environment, key, value)
         SELECT $1, $2, x.key, x.value FROM json_to_recordset($3::json) AS x(key text, value json)`,
        [id, environment, JSON.stringify(written.map((c) => ({ key: c.key, value: c.value })))],
      );
    }
    const kept = written.filter((c) => c.digest !== null);
    if (kept.length) {
      await tx.query(
        `INSERT INTO served_heads (environment, key, digest)
         SELECT $1, x.key, x.digest FROM json_to_recordset($2::json) AS x(key text, digest text)
         ON CONFLICT (environment, key) DO UPDATE SET digest = EXCLUDED.digest`,
        [environment, JSON.stringify(kept.map((c) => ({ key: c.key, digest: c.digest })))],
      );
    }
    const removed = changes.filter((c) => c.digest === null).map((c) => c.key);
    if (removed.length)
      await tx.query('DELETE FROM served_heads WHERE environment = $1 AND key = ANY($2)', [
        environment,
        removed,
      ]);

    const [since] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM served_changes
        WHERE environment = $1 AND recording_id > coalesce(
          (SELECT max(id) FROM served_recordings WHERE environment = $1 AND checkpoint IS NOT NULL), 0)`,
      [environment],
    );
    if (baseline || (since?.count ?? 0) >= CHECKPOINT_EVERY) {
      await tx.query('UPDATE served_recordings SET checkpoint = $2::json WHERE id = $1', [
        id,
        JSON.stringify(Object.fromEntries(narrow ? await readWhole(environment) : entries)),
      ]);
    }
  }
  // Delivered when the transaction commits, in commit order: every process applies it (client-state-cache.ts).
  await tx.notify(FEED_CHANNEL, encodeFeedMessage(feed));
  positionHere = position;
}
