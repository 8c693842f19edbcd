import type { Db } from '../../../db/db.ts';
import type { DailyTotals } from './experiment-daily.ts';

/**
 * Per UTC day and variant: users first exposed, and of `metric`, users first converting and the increase of the sum
 * and of the sum of squares of the users' running values. Both come from the rows the flushes keep per day
 * (migration 0106), so a read touches a few rows per day however many users there are. Days before `from`
 * (`YYYY-MM-DD`) count on `from`, so a bounded series still starts from everything before it.
 */
export async function readDailyTotals(
  db: Db,
  experimentId: number,
  metric: string,
  from: string,
): Promise<DailyTotals[]> {
  const rows = await db.query<{
    day: string;
    variant: string;
    users: number;
    converters: number;
    sum: number;
    square: number;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, variant, sum(users)::float8 AS users,
            sum(converters)::float8 AS converters, sum(value_sum)::float8 AS sum,
            sum(value_square_sum)::float8 AS square
       FROM (SELECT greatest(day, $3::date) AS day, variant, users, 0 AS converters, 0 AS value_sum,
                    0 AS value_square_sum
               FROM experiment_daily_users WHERE experiment_id = $1
             UNION ALL
             SELECT greatest(day, $3::date), variant, 0, converters, value_sum, value_square_sum
               FROM experiment_daily_metrics WHERE experiment_id = $1 AND metric = $2) AS each_day
      GROUP BY day, variant ORDER BY day, variant`,
    [experimentId, metric, from],
  );
  return rows.map((row) => ({
    day: row.day,
    variant: row.variant,
    users: row.users,
    converters: row.converters,
    sum: row.sum,
    sumOfSquares: row.square,
  }));
}
