import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { insertExposures } from './exposure-store.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
}, 60_000);
afterAll(() => db?.close());

async function experimentOn(flag: string, status = 'running'): Promise<number> {
  await buildFlag(db, { name: flag, environments: { development: { enabled: true } } });
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO experiments (flag_name, environment, name, control_variant, metrics, metric_events, status,
                              started_at, created_by)
     VALUES ($1, 'development', $1, 'control', '[]', '{}', $2, '2026-11-01T00:00:00Z', 'test') RETURNING id`,
    [flag, status],
  );
  return Number(row!.id);
}
const exposuresOf = (id: number) =>
  db.query<{ user_id: string; variant: string; exposed_at: Date }>(
    'SELECT user_id, variant, exposed_at FROM experiment_exposures WHERE experiment_id = $1 ORDER BY user_id',
    [id],
  );
const usersOf = async (id: number) =>
  Object.fromEntries(
    (
      await db.query<{ variant: string; users: string }>(
        'SELECT variant, users FROM experiment_variant_users WHERE experiment_id = $1',
        [id],
      )
    ).map((row) => [row.variant, Number(row.users)]),
  );
const at = (iso: string) => new Date(iso);

describe('writing first exposures', () => {
  it("keeps a user's earliest exposure of a batch, once, and none of an experiment that is not running", async () => {
    const id = await experimentOn('exposure-store-first');
    const stopped = await experimentOn('exposure-store-stopped', 'stopped');
    const added = await insertExposures(db, [
      { experimentId: id, user: 'a', variant: 'treatment', at: at('2026-11-02T09:00:00Z') },
      { experimentId: id, user: 'a', variant: 'control', at: at('2026-11-02T08:00:00Z') },
      { experimentId: id, user: 'b', variant: 'treatment', at: at('2026-11-02T10:00:00Z') },
      { experimentId: stopped, user: 'a', variant: 'control', at: at('2026-11-02T08:00:00Z') },
    ]);
    expect(added).toBe(2);
    expect(
      (await exposuresOf(id)).map((row) => [
        row.user_id,
        row.variant,
        new Date(row.exposed_at).toISOString(),
      ]),
    ).toEqual([
      ['a', 'control', '2026-11-02T08:00:00.000Z'],
      ['b', 'treatment', '2026-11-02T10:00:00.000Z'],
    ]);
    expect(await usersOf(id)).toEqual({ control: 1, treatment: 1 });
    expect(await exposuresOf(stopped)).toEqual([]);
    // Written before: not counted again.
    expect(
      await insertExposures(db, [
        { experimentId: id, user: 'a', variant: 'control', at: at('2026-11-03T08:00:00Z') },
      ]),
    ).toBe(0);
    expect(await usersOf(id)).toEqual({ control: 1, treatment: 1 });
  });

  it('go with their experiment, whether it or its flag is deleted (no foreign key, a trigger: decision record 0060)', async () => {
    const one = await experimentOn('exposure-store-deleted');
    const two = await experimentOn('exposure-store-flag-deleted');
    const exposure = (experimentId: number, user: string) => ({
      experimentId,
      user,
      variant: 'control',
      at: at('2026-11-02T08:00:00Z'),
    });
    await insertExposures(db, [exposure(one, 'a'), exposure(one, 'b'), exposure(two, 'a')]);
    expect(await exposuresOf(one)).toHaveLength(2);
    await db.query('DELETE FROM experiments WHERE id = $1', [one]);
    expect(await exposuresOf(one)).toEqual([]);
    expect(await exposuresOf(two)).toHaveLength(1);
    await db.query("DELETE FROM flags WHERE name = 'exposure-store-flag-deleted'");
    expect(await exposuresOf(two)).toEqual([]);
  });
});
