import type { Db } from '../../../db/db.ts';
import type { Experiment } from './experiment.ts';
import { readImpactCounts } from './experiment-impact-read-model.ts';
import type { ExperimentAggregates, MetricTotals } from './experiment-results.ts';

/**
 * Reads an experiment's aggregates: one row per variant, one per variant and metric, and its impact metrics'
 * counts per variant over its window.
 */
export async function readAggregates(
  db: Db,
  experiment: Experiment,
  now: Date = new Date(),
): Promise<ExperimentAggregates> {
  const experimentId = experiment.id;
  const [users, totals, impact] = await Promise.all([
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
    readImpactCounts(db, experiment, now),
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
  return { users: new Map(users.map((row) => [row.variant, row.users])), metrics, impact };
}
