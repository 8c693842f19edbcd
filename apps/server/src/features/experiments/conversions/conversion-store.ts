import type { Db } from '../../../db/db.ts';

/** One tracked event: a user did `event` (with a value: revenue, items, seconds; 1 when none) in an environment. */
export type Conversion = { environment: string; event: string; user: string; value: number; at: Date };

/**
 * Adds tracked events to every running experiment in their environment that has a metric on the event and has
 * exposed the user before the event. One statement: each exposed user's events, value and first event time per
 * metric are upserted, and the same change is added to the variant's totals (converted users, events, sum and sum of
 * squares of the per-user value), so results read one row per variant and metric however many events came in; and
 * to the UTC day it happened on (experiment_daily_metrics), so the daily series reads one row per day.
 */
export async function insertConversions(db: Db, conversions: readonly Conversion[]): Promise<number> {
  if (conversions.length === 0) return 0;
  const rows = await db.query<{ n: number }>(
    `WITH batch AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::timestamptz[])
         AS b (environment, event, user_id, value, at)
     ), pre_period AS (
       -- Every tracked event, for the pre-period of experiments that start later (CUPED).
       INSERT INTO tracked_user_totals AS p (environment, event, user_id, events, value_sum, last_at)
       SELECT environment, event, user_id, count(*), sum(value), max(at) FROM batch GROUP BY environment, event, user_id
       ON CONFLICT (environment, event, user_id) DO UPDATE SET
         events = p.events + excluded.events, value_sum = p.value_sum + excluded.value_sum,
         last_at = greatest(p.last_at, excluded.last_at)
     ), matched_days AS (
       SELECT x.experiment_id, x.user_id, b.event AS metric, x.variant, (b.at AT TIME ZONE 'UTC')::date AS day,
              count(*) AS n, sum(b.value) AS v, min(b.at) AS first_at
         FROM batch b
         JOIN experiments e ON e.environment = b.environment AND e.status = 'running' AND b.event = ANY (e.metric_events)
         JOIN experiment_exposures x ON x.experiment_id = e.id AND x.user_id = b.user_id AND x.exposed_at <= b.at
        GROUP BY x.experiment_id, x.user_id, b.event, x.variant, day
     ), matched AS (
       SELECT experiment_id, user_id, metric, variant, sum(n)::bigint AS n, sum(v) AS v, min(first_at) AS first_at
         FROM matched_days GROUP BY experiment_id, user_id, metric, variant
     ), upserted AS (
       INSERT INTO experiment_user_metrics AS u
         (experiment_id, user_id, metric, variant, events, value_sum, first_converted_at)
       SELECT experiment_id, user_id, metric, variant, n, v, first_at FROM matched
       ON CONFLICT (experiment_id, user_id, metric) DO UPDATE SET
         events = u.events + excluded.events, value_sum = u.value_sum + excluded.value_sum,
         -- A late batch may hold an earlier event; a row from before the column (null) stays unknown, not later.
         first_converted_at = CASE WHEN u.first_converted_at IS NULL THEN NULL
                                   ELSE least(u.first_converted_at, excluded.first_converted_at) END
       RETURNING experiment_id, user_id, metric, variant, events, value_sum
     ), user_days AS (
       -- Each user's days in this batch: whether their first conversion falls on it, and their running value at its
       -- end (what they had before the batch, plus this batch's days so far). Windows over the batch's days, and one
       -- join with the upsert's answer (indexed by nothing: a second join here made PostgreSQL's plan quadratic).
       SELECT d.experiment_id, d.metric, d.day, d.variant, d.v,
              u.events = d.batch_n AND d.day = d.first_day AS first_conversion,
              (u.value_sum - d.batch_v) + d.v_so_far AS run
         FROM (SELECT *, sum(n) OVER per_user AS batch_n, sum(v) OVER per_user AS batch_v,
                      min(day) OVER per_user AS first_day, sum(v) OVER (per_user ORDER BY day) AS v_so_far
                 FROM matched_days WINDOW per_user AS (PARTITION BY experiment_id, user_id, metric)) d
         JOIN upserted u USING (experiment_id, user_id, metric)
     ), daily AS (
       INSERT INTO experiment_daily_metrics AS t
         (experiment_id, metric, day, variant, converters, value_sum, value_square_sum)
       SELECT experiment_id, metric, day, variant, count(*) FILTER (WHERE first_conversion), sum(v),
              sum(run * run - (run - v) * (run - v))
         FROM user_days GROUP BY experiment_id, metric, day, variant
       ON CONFLICT (experiment_id, metric, day, variant) DO UPDATE SET
         converters = t.converters + excluded.converters,
         value_sum = t.value_sum + excluded.value_sum,
         value_square_sum = t.value_square_sum + excluded.value_square_sum
     ), totalled AS (
       INSERT INTO experiment_metric_totals AS t
         (experiment_id, variant, metric, converted_users, events, value_sum, value_square_sum, cross_sum)
       SELECT u.experiment_id, u.variant, u.metric, count(*) FILTER (WHERE u.events = m.n), sum(m.n), sum(m.v),
              sum(u.value_sum * u.value_sum - (u.value_sum - m.v) * (u.value_sum - m.v)),
              -- CUPED: x times the change of y (the value for mean metrics; 0 → 1 on a first conversion).
              coalesce(sum(p.x * CASE WHEN p.is_mean THEN m.v WHEN u.events = m.n THEN 1 ELSE 0 END), 0)
         FROM upserted u JOIN matched m USING (experiment_id, user_id, metric)
         LEFT JOIN experiment_pre_period p
           ON p.experiment_id = u.experiment_id AND p.user_id = u.user_id AND p.metric = u.metric
        GROUP BY u.experiment_id, u.variant, u.metric
       ON CONFLICT (experiment_id, variant, metric) DO UPDATE SET
         converted_users = t.converted_users + excluded.converted_users,
         events = t.events + excluded.events,
         value_sum = t.value_sum + excluded.value_sum,
         value_square_sum = t.value_square_sum + excluded.value_square_sum,
         cross_sum = t.cross_sum + excluded.cross_sum
     )
     SELECT coalesce(sum(n), 0)::int AS n FROM matched`,
    [
      conversions.map((each) => each.environment),
      conversions.map((each) => each.event),
      conversions.map((each) => each.user),
      conversions.map((each) => each.value),
      conversions.map((each) => each.at.toISOString()),
    ],
  );
  return rows[0]?.n ?? 0;
}
