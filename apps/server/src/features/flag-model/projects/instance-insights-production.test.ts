import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;

/** Records that the flag was enabled in the environment at the given time, as the Admin API would. */
const enabled = (flag: string, environment: string, at: string) =>
  t.db.query(
    `INSERT INTO events (type, created_by, feature_name, environment, created_at)
     VALUES ('feature-environment-enabled', 'alice', $1, $2, $3)`,
    [flag, environment, at],
  );

// Weeks 2026-45, 46 and 47 end on Sundays 8, 15 and 22 November 2026.
beforeAll(async () => {
  t = await createTestApp();
  for (const id of ['ship', 'quiet', 'hush']) {
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
  }
  await t.db.query("UPDATE projects SET mode = 'private' WHERE id = 'hush'");
  // 2 days to production, in week 45; the earlier enabling belongs to a flag of the same name deleted before.
  await buildFlag(t.db, { name: 'ship-fast', project: 'ship', createdAt: new Date('2026-11-02T00:00:00Z') });
  await enabled('ship-fast', 'production', '2026-10-01T00:00:00Z');
  await enabled('ship-fast', 'production', '2026-11-04T00:00:00Z');
  await enabled('ship-fast', 'production', '2026-11-12T00:00:00Z');
  // 21.5 days to production, in week 46, after a week in development.
  await buildFlag(t.db, { name: 'ship-slow', project: 'ship', createdAt: new Date('2026-10-20T00:00:00Z') });
  await enabled('ship-slow', 'development', '2026-10-27T00:00:00Z');
  await enabled('ship-slow', 'production', '2026-11-10T12:00:00Z');
  // Reached production in September: outside every week's 30-day window.
  await buildFlag(t.db, { name: 'ship-old', project: 'ship', createdAt: new Date('2026-09-01T00:00:00Z') });
  await enabled('ship-old', 'production', '2026-09-10T00:00:00Z');
  // Enabled only in development, or on in production without a recorded enabling: not counted.
  await buildFlag(t.db, { name: 'quiet-dev', project: 'quiet', createdAt: new Date('2026-11-01T00:00:00Z') });
  await enabled('quiet-dev', 'development', '2026-11-05T00:00:00Z');
  await buildFlag(t.db, {
    name: 'quiet-imported',
    project: 'quiet',
    createdAt: new Date('2026-11-01T00:00:00Z'),
    environments: { production: true },
  });
  await buildFlag(t.db, { name: 'hush-flag', project: 'hush', createdAt: new Date('2026-11-01T00:00:00Z') });
  await enabled('hush-flag', 'production', '2026-11-03T00:00:00Z');
});
afterAll(() => t.close());

type Row = { week: string; project: string; date: string; [key: string]: unknown };
const insights = async (as?: 'Viewer') => {
  const call = as ? await t.as(as) : t.admin;
  const response = await call({ method: 'GET', url: '/api/admin/insights?from=2026-11-02&to=2026-11-22' });
  expect(response.statusCode).toBe(200);
  return response.json<{ lifecycleTrends: Row[]; projectFlagTrends: Row[] }>();
};

describe('GET /api/admin/insights: flags reaching production', () => {
  it('counts, per project and week, the flags first enabled in production in it', async () => {
    const { lifecycleTrends } = await insights();
    expect(lifecycleTrends.filter((row) => row.project !== 'hush')).toEqual([
      { week: '2026-45', date: '2026-11-08T23:59:59.999Z', project: 'quiet', newProductionFlags: 0 },
      { week: '2026-45', date: '2026-11-08T23:59:59.999Z', project: 'ship', newProductionFlags: 1 },
      { week: '2026-46', date: '2026-11-15T23:59:59.999Z', project: 'quiet', newProductionFlags: 0 },
      { week: '2026-46', date: '2026-11-15T23:59:59.999Z', project: 'ship', newProductionFlags: 1 },
      { week: '2026-47', date: '2026-11-22T23:59:59.999Z', project: 'quiet', newProductionFlags: 0 },
      { week: '2026-47', date: '2026-11-22T23:59:59.999Z', project: 'ship', newProductionFlags: 0 },
    ]);
  });

  it("gives each project's mean days to production over the 30 days before each week's end", async () => {
    const { projectFlagTrends } = await insights();
    const ship = projectFlagTrends.filter((row) => row.project === 'ship');
    // Week 45: ship-fast (2 days); weeks 46 and 47: ship-fast and ship-slow (21.5 days).
    expect(ship.map((row) => [row.week, row.timeToProduction])).toEqual([
      ['2026-45', 2],
      ['2026-46', 11.75],
      ['2026-47', 11.75],
    ]);
    const quiet = projectFlagTrends.filter((row) => row.project === 'quiet');
    expect(quiet).toHaveLength(3);
    for (const row of quiet) expect(row).not.toHaveProperty('timeToProduction');
  });

  it('leaves out the private projects the caller may not see', async () => {
    const admin = await insights();
    expect(admin.lifecycleTrends.find((row) => row.project === 'hush')).toMatchObject({
      week: '2026-45',
      newProductionFlags: 1,
    });
    const viewer = await insights('Viewer');
    expect(viewer.lifecycleTrends.map((row) => row.project)).not.toContain('hush');
    expect(viewer.projectFlagTrends.map((row) => row.project)).not.toContain('hush');
  });
});
