import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { healthAverages, recordDailyHealth } from './health-history.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(() => t.close());

const kept = (project: string) =>
  t.db.query<{ day: string; health: number }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, health FROM project_health_days WHERE project = $1 ORDER BY day",
    [project],
  );

it("keeps each project's health once a UTC day, the first value of the day winning", async () => {
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'kept', name: 'Kept' } });
  await buildFlag(t.db, { name: 'kept-fresh', project: 'kept' });
  await buildFlag(t.db, { name: 'kept-stale', project: 'kept', stale: true });
  const day = new Date('2031-03-04T23:30:00Z');
  expect(await recordDailyHealth(t.db, day)).toBeGreaterThan(0);
  await t.db.query("UPDATE flags SET stale = false WHERE name = 'kept-stale'");
  expect(await recordDailyHealth(t.db, new Date('2031-03-04T23:59:00Z'))).toBe(0);
  await recordDailyHealth(t.db, new Date('2031-03-05T00:10:00Z'));
  expect(await kept('kept')).toEqual(
    expect.arrayContaining([
      { day: '2031-03-04', health: 50 },
      { day: '2031-03-05', health: 100 },
    ]),
  );
  expect(await healthAverages(t.db, 'kept', new Date('2031-03-06T00:00:00Z'))).toEqual({
    current: 75,
    past: null,
  });
  expect(await healthAverages(t.db, 'kept', new Date('2031-04-20T00:00:00Z'))).toEqual({
    current: null,
    past: 75,
  });
});
