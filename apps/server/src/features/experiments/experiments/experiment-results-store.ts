import type { Db } from '../../../db/db.ts';
import type { DailyTotals } from './experiment-daily.ts';
import type { ExperimentAggregates, MetricTotals } from './experiment-results.ts';

/** Reads an experiment's aggregates: one row per variant, and one per variant and metric. */
export async function readAggregates(db: Db, experimentId: number): Promise<ExperimentAggregates> {
  const [users, totals] = await Promise.all([
    db.query<{ variant: string; users: number }>(
      'SELECT variant, users::float8 AS users FROM experiment_variant_users WHERE experiment_id = $1',
      [experimentId],
    ),
    db.query<{
      variant: string;
      metric: string;
      converted_users: number;
      events: number;
      value_sum: number;
      value_square_sum: number;
      pre_sum: number;
      pre_square_sum: number;
      cross_sum: number;
    }>(
      `SELECT variant, metric, converted_users::float8 AS converted_users, events::float8 AS events, value_sum,
              value_square_sum, pre_sum, pre_square_sum, cross_sum
         FROM experiment_metric_totals WHERE experiment_id = $1`,
      [experimentId],
    ),
  ]);
  const metrics = new Map<string, Map<string, MetricTotals>>();
  for (const row of totals) {
    let byMetric = metrics.get(row.variant);
    if (!byMetric) metrics.set(row.variant, (byMetric = new Map()));
    byMetric.set(row.metric, {
      convertedUsers: row.converted_users,
      events: row.events,
      valueSum: row.value_sum,
      valueSquareSum: row.value_square_sum,
      preSum: row.pre_sum,
      preSquareSum: row.pre_square_sum,
      crossSum: row.cross_sum,
    });
  }
  return { users: new Map(users.map((row) => [row.variant, row.users])), metrics };
}

/**
 * Users exposed and users first converting on `metric`, per UTC day and variant, in one query. Days before `from`
 * (`YYYY-MM-DD`) are counted on `from`, so a bounded series still starts from everything before it. A conversion
 * recorded before first_converted_at existed has no day: it counts on the day of the user's exposure.
 */
export async function readDailyTotals(
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
  }));
}
