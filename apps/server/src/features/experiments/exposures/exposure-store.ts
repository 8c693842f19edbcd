import type { Db } from '../../../db/db.ts';

export type Exposure = { experimentId: number; user: string; variant: string; at: Date };

/** Each user's earliest exposure per experiment: deduplicated here, where it is cheaper than a sort in SQL. */
function firstOfEach(exposures: readonly Exposure[]): Exposure[] {
  const first = new Map<string, Exposure>();
  for (const each of exposures) {
    const key = `${each.experimentId}\u0000${each.user}`;
    const seen = first.get(key);
    if (!seen || each.at < seen.at) first.set(key, each);
  }
  return first.size === exposures.length ? [...exposures] : [...first.values()];
}

/**
 * Inserts first exposures and adds the ones that were new to the users per variant (and per UTC day, which the
 * daily series reads), in one statement: a user already exposed (in this batch, an earlier one or another
 * process's) is not counted again, and exposures of an experiment that stopped in the meantime are dropped. The
 * experiments' rows are locked once (FOR KEY SHARE) where a foreign key would check every exposure: a delete waits
 * for the flush, and its trigger then deletes what the flush wrote (decision record 0060).
 */
export async function insertExposures(db: Db, all: readonly Exposure[]): Promise<number> {
  if (all.length === 0) return 0;
  const exposures = firstOfEach(all);
  const rows = await db.query<{ n: number }>(
    `WITH running AS (
       SELECT id FROM experiments WHERE id = ANY($5::bigint[]) AND status = 'running' FOR KEY SHARE
     ), inserted AS (
       INSERT INTO experiment_exposures (experiment_id, user_id, variant, exposed_at)
       SELECT b.experiment_id, b.user_id, b.variant, b.at
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) AS b (experiment_id, user_id, variant, at)
         JOIN running e ON e.id = b.experiment_id
       ON CONFLICT DO NOTHING
       RETURNING experiment_id, user_id, variant, exposed_at
     ), daily AS (
       INSERT INTO experiment_daily_users AS t (experiment_id, day, variant, users)
       SELECT experiment_id, (exposed_at AT TIME ZONE 'UTC')::date, variant, count(*)
         FROM inserted GROUP BY experiment_id, (exposed_at AT TIME ZONE 'UTC')::date, variant
       ON CONFLICT (experiment_id, day, variant) DO UPDATE SET users = t.users + excluded.users
     ), covariates AS (
       -- CUPED: the new users' pre-period values, added to their variant's sums (their metric value y is 0 yet).
       INSERT INTO experiment_metric_totals AS t
         (experiment_id, variant, metric, converted_users, events, value_sum, value_square_sum, pre_sum, pre_square_sum)
       SELECT i.experiment_id, i.variant, p.metric, 0, 0, 0, 0, sum(p.x), sum(p.x * p.x)
         FROM inserted i JOIN experiment_pre_period p ON p.experiment_id = i.experiment_id AND p.user_id = i.user_id
        GROUP BY i.experiment_id, i.variant, p.metric
       ON CONFLICT (experiment_id, variant, metric) DO UPDATE SET
         pre_sum = t.pre_sum + excluded.pre_sum, pre_square_sum = t.pre_square_sum + excluded.pre_square_sum
     ), counted AS (
       INSERT INTO experiment_variant_users AS t (experiment_id, variant, users)
       SELECT experiment_id, variant, count(*) FROM inserted GROUP BY experiment_id, variant
       ON CONFLICT (experiment_id, variant) DO UPDATE SET users = t.users + excluded.users
     )
     SELECT count(*)::int AS n FROM inserted`,
    [
      exposures.map((each) => each.experimentId),
      exposures.map((each) => each.user),
      exposures.map((each) => each.variant),
      exposures.map((each) => each.at.toISOString()),
      [...new Set(exposures.map((each) => each.experimentId))],
    ],
  );
  return rows[0]?.n ?? 0;
}
