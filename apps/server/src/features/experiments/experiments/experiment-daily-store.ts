import type { Db } from '../../../db/db.ts';
import type { DailyTotals } from './experiment-daily.ts';

/**
 * Users exposed and users first converting on `metric`, per UTC day and variant, in one query. Days before `from`
 * (`YYYY-MM-DD`) are counted on `from`, so a bounded series still starts from everything before it. A conversion
 * recorded before first_converted_at existed has no day: it counts on the day of the user's exposure.
 */
export async function readDailyConversions(
  db: Db,
  experimentId: number,
  metric: string,
  from: string,
): Promise<DailyTotals[]> {
  const rows = await db.query<{ day: string; variant: string; users: number; converters: number }>(
    `WITH days AS (
       SELECT greatest(date_trunc('day', exposed_at AT TIME ZONE 'UTC'), $3::timestamp) AS day, variant,
              1 AS users, 0 AS converters
         FROM experiment_exposures WHERE experiment_id = $1
       UNION ALL
       SELECT greatest(date_trunc('day', coalesce(u.first_converted_at, x.exposed_at) AT TIME ZONE 'UTC'),
                       $3::timestamp),
              u.variant, 0, 1
         FROM experiment_user_metrics u
         JOIN experiment_exposures x ON x.experiment_id = u.experiment_id AND x.user_id = u.user_id
        WHERE u.experiment_id = $1 AND u.metric = $2 AND u.events > 0
     )
     SELECT to_char(day, 'YYYY-MM-DD') AS day, variant, sum(users)::float8 AS users,
            sum(converters)::float8 AS converters
       FROM days GROUP BY day, variant ORDER BY day, variant`,
    [experimentId, metric, from],
  );
  return rows.map((row) => ({
    day: row.day,
    variant: row.variant,
    users: row.users,
    converters: row.converters,
    sum: 0,
    sumOfSquares: 0,
  }));
}

/**
 * Users exposed, and the increase of the sum and of the sum of squares of the users' running values of the mean
 * metric `metric`, per UTC day and variant, in one query: a user's running value at the end of a day is the sum of
 * their days so far (experiment_user_metric_days), so each day adds new² − old² per user who tracked a value on it.
 * Days before `from` count on `from`. What a user's total exceeds their days by was recorded before the days were
 * kept: it counts on the day of the user's exposure (their earliest possible day), so the last day always ends at
 * the totals the results use. A difference within rounding of the total is no value.
 */
export async function readDailyValues(
  db: Db,
  experimentId: number,
  metric: string,
  from: string,
): Promise<DailyTotals[]> {
  const rows = await db.query<{ day: string; variant: string; users: number; sum: number; square: number }>(
    `WITH exposed AS (
       SELECT user_id, variant, greatest((exposed_at AT TIME ZONE 'UTC')::date, $3::date) AS day
         FROM experiment_exposures WHERE experiment_id = $1
     ), known AS (
       SELECT user_id, greatest(day, $3::date) AS day, sum(value_sum) AS v
         FROM experiment_user_metric_days WHERE experiment_id = $1 AND metric = $2
        GROUP BY user_id, greatest(day, $3::date)
     ), unknown AS (
       SELECT u.user_id, x.day, u.value_sum - coalesce(k.v, 0) AS v, u.value_sum AS total
         FROM experiment_user_metrics u
         JOIN exposed x USING (user_id)
         LEFT JOIN (SELECT user_id, sum(v) AS v FROM known GROUP BY user_id) k USING (user_id)
        WHERE u.experiment_id = $1 AND u.metric = $2
     ), increments AS (
       SELECT user_id, day, sum(v) AS v
         FROM (SELECT user_id, day, v FROM known
               UNION ALL
               SELECT user_id, day, v FROM unknown WHERE abs(v) > 1e-9 * greatest(abs(total), 1)) AS each_value
        GROUP BY user_id, day
     ), running AS (
       SELECT user_id, day, v, sum(v) OVER (PARTITION BY user_id ORDER BY day) AS value FROM increments
     )
     SELECT to_char(day, 'YYYY-MM-DD') AS day, variant, sum(users)::float8 AS users, sum(v)::float8 AS sum,
            sum(square)::float8 AS square
       FROM (SELECT day, variant, 1 AS users, 0::float8 AS v, 0::float8 AS square FROM exposed
             UNION ALL
             SELECT r.day, x.variant, 0, r.v, r.value * r.value - (r.value - r.v) * (r.value - r.v)
               FROM running r JOIN exposed x USING (user_id)) AS each_day
      GROUP BY day, variant ORDER BY day, variant`,
    [experimentId, metric, from],
  );
  return rows.map((row) => ({
    day: row.day,
    variant: row.variant,
    users: row.users,
    converters: 0,
    sum: row.sum,
    sumOfSquares: row.square,
  }));
}
