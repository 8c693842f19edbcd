import type { Db } from '../../../db/db.ts';
import type { Experiment } from './experiment.ts';

const HOUR_MS = 3_600_000;
/** The impact metrics' hourly roll-up (release/impact-metrics keeps it 35 days, raw samples two hours). */
const HOURLY = 3600;

/** metric → variant → the counter's increments in the experiment's window. */
export type ImpactCounts = Map<string, Map<string, number>>;

/**
 * The increments of the experiment's impact-metric counters in its environment, per variant: series labelled with
 * the experiment's flag (`{"<flag>": "<variant>"}`, as the SDKs label a sample), summed over its running window,
 * from its start to its stop (or now). Whole hours inside the window come from the hourly roll-up as far as it has
 * gone; the rest (the partial first and last hours, the hour not rolled up yet) from raw samples, while those are
 * kept. So an experiment older than two hours loses the increments of its partial first hour.
 */
export async function readImpactCounts(
  db: Db,
  experiment: Pick<Experiment, 'flagName' | 'environment' | 'metrics' | 'startedAt' | 'stoppedAt'>,
  now: Date,
): Promise<ImpactCounts> {
  const names = experiment.metrics.filter((metric) => metric.kind === 'impact').map((metric) => metric.event);
  const counts: ImpactCounts = new Map();
  if (names.length === 0 || !experiment.startedAt) return counts;
  const from = experiment.startedAt;
  const to = experiment.stoppedAt ?? now;
  const firstWholeHour = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const lastHourStart = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  const rows = await db.query<{ name: string; variant: string; total: number }>(
    `WITH s AS (
       SELECT id, name, labels ->> $2 AS variant FROM impact_metric_series
        WHERE type = 'counter' AND name = ANY($1::text[]) AND labels ->> 'environment' = $3
          AND labels ->> $2 IS NOT NULL),
     rolled AS (
       SELECT LEAST($7::timestamptz, COALESCE(
         (SELECT rolled_until FROM impact_metric_rollup_marks WHERE resolution_seconds = $8), '-infinity')) AS until),
     src AS (
       SELECT m.series_id, m.value FROM impact_metric_samples m, rolled
        WHERE m.series_id IN (SELECT id FROM s) AND m.at >= $4 AND m.at <= $5
          AND NOT (m.at >= $6 AND m.at < rolled.until)
       UNION ALL
       SELECT r.series_id, r.value_sum FROM impact_metric_rollups r, rolled
        WHERE r.resolution_seconds = $8 AND r.series_id IN (SELECT id FROM s)
          AND r.bucket_start >= $6 AND r.bucket_start < rolled.until)
     SELECT s.name, s.variant, sum(src.value)::float8 AS total FROM src JOIN s ON s.id = src.series_id
      GROUP BY s.name, s.variant`,
    [names, experiment.flagName, experiment.environment, from, to, firstWholeHour, lastHourStart, HOURLY],
  );
  for (const row of rows) {
    let byVariant = counts.get(row.name);
    if (!byVariant) counts.set(row.name, (byVariant = new Map()));
    byVariant.set(row.variant, Number(row.total));
  }
  return counts;
}
