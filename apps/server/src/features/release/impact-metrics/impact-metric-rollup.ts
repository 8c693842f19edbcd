import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import { FIVE_MINUTES, ONE_HOUR, RETENTION_SECONDS } from './impact-metric.ts';
import { aggregateSql } from './impact-metric-store.ts';

/**
 * A bucket is rolled up this long after it ends, so samples a slower process timed just before the end and
 * committed just after are in it.
 */
export const ROLLUP_GRACE_SECONDS = 30;
/** An application's limit warning is kept this long after its last dropped sample. */
const LIMIT_WARNING_SECONDS = 86_400;

const floorTo = (seconds: number, resolution: number) => Math.floor(seconds / resolution) * resolution;
const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Rolls one resolution up to the last complete bucket and prunes what that resolution no longer needs. The mark's
 * row is taken FOR UPDATE SKIP LOCKED: with several processes on one database, one does it and the others skip.
 * Returns whether this process did it.
 */
async function rollUp(db: Db, resolution: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mark] = await tx.query<{ rolled_until: Date | null }>(
      `SELECT rolled_until FROM impact_metric_rollup_marks WHERE resolution_seconds = $1 FOR UPDATE SKIP LOCKED`,
      [resolution],
    );
    if (!mark) return false;
    const until = floorTo(now.getTime() / 1000 - ROLLUP_GRACE_SECONDS, resolution);
    let from = mark.rolled_until ? mark.rolled_until.getTime() / 1000 : undefined;
    if (from === undefined) {
      const [first] = await tx.query<{ at: Date | null }>('SELECT min(at) AS at FROM impact_metric_samples');
      from = first?.at ? floorTo(new Date(first.at).getTime() / 1000, resolution) : until;
    }
    if (until > from) {
      const source = `SELECT series_id, at AS t, 1 AS reports, value AS value_sum, count, buckets
                        FROM impact_metric_samples WHERE at >= to_timestamp($2) AND at < to_timestamp($3)`;
      await tx.query(
        `INSERT INTO impact_metric_rollups (resolution_seconds, series_id, bucket_start, reports, value_sum, count, buckets)
         SELECT $1, series_id, to_timestamp(at), reports, value_sum, count, buckets FROM (${aggregateSql(source, '$1::integer')}) AS a
         ON CONFLICT (resolution_seconds, series_id, bucket_start) DO NOTHING`,
        [resolution, from, until],
      );
    }
    await tx.query(
      'UPDATE impact_metric_rollup_marks SET rolled_until = to_timestamp($2) WHERE resolution_seconds = $1',
      [resolution, Math.max(from, until)],
    );
    await tx.query('DELETE FROM impact_metric_rollups WHERE resolution_seconds = $1 AND bucket_start < $2', [
      resolution,
      ago(now, RETENTION_SECONDS[resolution as keyof typeof RETENTION_SECONDS]),
    ]);
    return true;
  });
}

/**
 * Prunes raw samples past their two hours that both roll-ups have taken, series left without any data (which frees
 * their place under the application's limit), and old limit warnings. Deletes only: safe from any process.
 */
async function prune(db: Db, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM impact_metric_samples
      WHERE at < LEAST($1, (SELECT COALESCE(min(COALESCE(rolled_until, '-infinity')), '-infinity')
                               FROM impact_metric_rollup_marks))`,
    [ago(now, RETENTION_SECONDS.raw)],
  );
  await db.query(
    `DELETE FROM impact_metric_series s
      WHERE s.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM impact_metric_samples m WHERE m.series_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM impact_metric_rollups r WHERE r.series_id = s.id)`,
    [ago(now, RETENTION_SECONDS.raw)],
  );
  await db.query('DELETE FROM impact_metric_limits WHERE last_dropped_at < $1', [
    ago(now, LIMIT_WARNING_SECONDS),
  ]);
}

/** One round of roll-ups and pruning; tests call it with a mocked clock, the app on an interval. */
export async function maintainImpactMetrics(db: Db, now: Date): Promise<void> {
  const rolled = await rollUp(db, FIVE_MINUTES, now);
  await rollUp(db, ONE_HOUR, now);
  // The process that rolled the five-minute buckets also prunes, so only one does at a time.
  if (rolled) await prune(db, now);
}

/** Runs maintainImpactMetrics every intervalMs in every process; the database decides who does each part. */
export function createImpactMetricsMaintenance(
  db: Db,
  options: { intervalMs: number; now?: () => Date; onError: (error: unknown) => void },
) {
  return createPeriodicTask(() => maintainImpactMetrics(db, options.now?.() ?? new Date()), options);
}
