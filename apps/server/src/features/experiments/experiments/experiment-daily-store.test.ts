import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { migrate } from '../../../db/migrate.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { insertConversions } from '../conversions/conversion-store.ts';
import { insertExposures } from '../exposures/exposure-store.ts';
import { readDailyTotals } from './experiment-daily-store.ts';

const METRICS = [
  { event: 'revenue', kind: 'mean', role: 'primary' },
  { event: 'purchase', kind: 'conversion', role: 'guardrail' },
];

/** A running experiment on `flag` in development, inserted as the store keeps it. */
async function runningExperiment(
  db: Db,
  flag: string,
  options: { schemaOfThen?: boolean } = {},
): Promise<number> {
  // On an older schema the flag goes in as rows: today's writes record what they change in tables it lacks.
  if (options.schemaOfThen) {
    await db.query(`INSERT INTO flags (name, project_id) VALUES ($1, 'default')`, [flag]);
    await db.query(
      `INSERT INTO flag_environments (flag_name, environment_name, enabled) VALUES ($1, 'development', true)`,
      [flag],
    );
  } else await buildFlag(db, { name: flag, environments: { development: { enabled: true } } });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO experiments (flag_name, environment, name, control_variant, metrics, metric_events, status,
                              started_at, created_by)
     VALUES ($1, 'development', $1, 'control', $2, $3, 'running', '2026-11-01T00:00:00Z', 'test') RETURNING id`,
    [flag, JSON.stringify(METRICS), METRICS.map((metric) => metric.event)],
  );
  return Number(row!.id);
}

const at = (iso: string) => new Date(iso);
const compact = (rows: Awaited<ReturnType<typeof readDailyTotals>>) =>
  rows.map((row) => [row.day, row.variant, row.users, row.converters, row.sum, row.sumOfSquares]);

describe('the daily totals the flushes keep', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it("adds each day of one batch to its own day, with the running value's square as it stood that day", async () => {
    const id = await runningExperiment(db, 'daily-store-batch');
    await insertExposures(db, [
      { experimentId: id, user: 'a', variant: 'control', at: at('2026-11-02T08:00:00Z') },
      { experimentId: id, user: 'b', variant: 'treatment', at: at('2026-11-02T09:00:00Z') },
      { experimentId: id, user: 'c', variant: 'treatment', at: at('2026-11-03T09:00:00Z') },
      // Already exposed: not counted again.
      { experimentId: id, user: 'a', variant: 'control', at: at('2026-11-03T10:00:00Z') },
    ]);
    await insertExposures(db, [
      { experimentId: id, user: 'a', variant: 'control', at: at('2026-11-04T10:00:00Z') },
    ]);
    const event = (user: string, name: string, value: number, iso: string) => ({
      environment: 'development',
      event: name,
      user,
      value,
      at: at(iso),
    });
    // One batch across midnight: a has 3 on day one, then 2 on day two (running 3, then 5: squares 9, then 16).
    await insertConversions(db, [
      event('a', 'revenue', 3, '2026-11-02T23:59:00Z'),
      event('a', 'revenue', 2, '2026-11-03T00:01:00Z'),
      event('a', 'purchase', 1, '2026-11-03T00:02:00Z'),
      event('b', 'revenue', 4, '2026-11-02T12:00:00Z'),
    ]);
    // A later batch: b goes from 4 to 5 on day three (square adds 25 − 16 = 9); a buys again (no new converter).
    await insertConversions(db, [
      event('b', 'revenue', 1, '2026-11-04T12:00:00Z'),
      event('a', 'purchase', 1, '2026-11-04T12:00:00Z'),
      event('b', 'purchase', 1, '2026-11-04T13:00:00Z'),
    ]);

    expect(compact(await readDailyTotals(db, id, 'revenue', '2026-11-01'))).toEqual([
      ['2026-11-02', 'control', 1, 1, 3, 9],
      ['2026-11-02', 'treatment', 1, 1, 4, 16],
      ['2026-11-03', 'control', 0, 0, 2, 16],
      ['2026-11-03', 'treatment', 1, 0, 0, 0],
      ['2026-11-04', 'treatment', 0, 0, 1, 9],
    ]);
    expect(compact(await readDailyTotals(db, id, 'purchase', '2026-11-01'))).toEqual([
      ['2026-11-02', 'control', 1, 0, 0, 0],
      ['2026-11-02', 'treatment', 1, 0, 0, 0],
      ['2026-11-03', 'control', 0, 1, 1, 1],
      ['2026-11-03', 'treatment', 1, 0, 0, 0],
      ['2026-11-04', 'control', 0, 0, 1, 3],
      ['2026-11-04', 'treatment', 0, 1, 1, 1],
    ]);
    // A bounded series counts the days before its first on its first.
    expect(compact(await readDailyTotals(db, id, 'revenue', '2026-11-03'))).toEqual([
      ['2026-11-03', 'control', 1, 1, 5, 25],
      ['2026-11-03', 'treatment', 2, 1, 4, 16],
      ['2026-11-04', 'treatment', 0, 0, 1, 9],
    ]);
  });
});

describe('an experiment recorded before the daily totals were kept', () => {
  it('gets its days from what was recorded: exposures on their day, each user on their first event', async () => {
    const db = await createTestDb({ migrateBefore: '0106_create_experiment_daily_totals.sql' });
    try {
      const id = await runningExperiment(db, 'daily-store-upgrade', { schemaOfThen: true });
      // As the flush of that version wrote them (it kept no days).
      await db.query(
        `INSERT INTO experiment_exposures (experiment_id, user_id, variant, exposed_at)
         VALUES ($1, 'a', 'control', '2026-11-02T08:00:00Z'), ($1, 'b', 'treatment', '2026-11-03T08:00:00Z')`,
        [id],
      );
      // a's first event was on day two; b's row predates first_converted_at (null): it counts on b's exposure.
      await db.query(
        `INSERT INTO experiment_user_metrics (experiment_id, user_id, metric, variant, events, value_sum, first_converted_at)
         VALUES ($1, 'a', 'revenue', 'control', 2, 7, '2026-11-03T10:00:00Z'),
                ($1, 'b', 'revenue', 'treatment', 1, 4, NULL)`,
        [id],
      );
      await migrate(db);
      expect(compact(await readDailyTotals(db, id, 'revenue', '2026-11-01'))).toEqual([
        ['2026-11-02', 'control', 1, 0, 0, 0],
        ['2026-11-03', 'control', 0, 1, 7, 49],
        ['2026-11-03', 'treatment', 1, 1, 4, 16],
      ]);
    } finally {
      await db.close();
    }
  });
});
