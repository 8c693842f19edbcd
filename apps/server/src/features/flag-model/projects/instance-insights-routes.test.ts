import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'trend', name: 'Trend' } });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'secret', name: 'Secret' } });
  await t.db.query("UPDATE projects SET mode = 'private' WHERE id = 'secret'");
  // Week 2026-45 is Monday 2 November to Sunday 8 November 2026.
  await buildFlag(t.db, { name: 'trend-old', project: 'trend', createdAt: new Date('2026-10-20T10:00:00Z') });
  await buildFlag(t.db, {
    name: 'trend-gone',
    project: 'trend',
    type: 'experiment',
    createdAt: new Date('2026-11-03T10:00:00Z'),
    archived: new Date('2026-11-10T10:00:00Z'),
  });
  await buildFlag(t.db, {
    name: 'trend-live',
    project: 'trend',
    type: 'kill-switch',
    createdAt: new Date('2026-11-04T10:00:00Z'),
    environments: { production: true },
  });
  await buildFlag(t.db, {
    name: 'secret-flag',
    project: 'secret',
    createdAt: new Date('2026-10-01T10:00:00Z'),
  });
  await t.db.query(
    `INSERT INTO events (type, created_by, project, feature_name, created_at)
     VALUES ('feature-stale-on', 'alice', 'trend', 'trend-old', '2026-11-05T10:00:00Z')`,
  );
  await t.db.query(
    `INSERT INTO client_metrics (flag_name, app_name, environment, hour, yes, no)
     VALUES ('trend-old', 'web', 'production', '2026-11-04T10:00:00Z', 7, 3),
            ('trend-old', 'shop', 'development', '2026-11-05T10:00:00Z', 1, 1),
            ('secret-flag', 'web', 'production', '2026-11-04T10:00:00Z', 50, 50)`,
  );
});
afterAll(() => t.close());

type Body = Record<string, { week: string; project?: string; [key: string]: unknown }[]>;

describe('GET /api/admin/insights', () => {
  it('counts each week what existed in it, from the recorded times', async () => {
    const response = await t.admin({
      method: 'GET',
      url: '/api/admin/insights?from=2026-11-02&to=2026-11-15',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Body>();
    expect(body.flagTrends!.map((row) => row.week)).toEqual(['2026-45', '2026-46']);
    const [first, second] = body.flagTrends!;
    // The admin token sees every project, the private one too.
    expect(first).toMatchObject({ date: '2026-11-08T23:59:59.999Z', total: 4, stale: 1 });
    // trend-gone was archived during week 46, so it still counts in it.
    expect(second).toMatchObject({ total: 4, stale: 1 });
    const trend45 = body.projectFlagTrends!.find((row) => row.project === 'trend' && row.week === '2026-45');
    expect(trend45).toMatchObject({ total: 3, stale: 1, active: 2, health: 67, technicalDebt: 33 });
    const created = body.creationArchiveTrends!.filter((row) => row.project === 'trend');
    expect(created).toEqual([
      expect.objectContaining({
        week: '2026-45',
        createdFlags: { experiment: 1, 'kill-switch': 1 },
        archivedFlags: 0,
      }),
      expect.objectContaining({ week: '2026-46', createdFlags: {}, archivedFlags: 1 }),
    ]);
    const usage = body.metricsSummaryTrends!.find((row) => row.project === 'trend');
    expect(usage).toMatchObject({
      week: '2026-45',
      totalFlags: 1,
      totalYes: 8,
      totalNo: 4,
      totalRequests: 12,
      totalApps: 2,
      totalEnvironments: 2,
    });
    expect(body.userTrends!.map((row) => row.week)).toEqual(['2026-45', '2026-46']);
  });

  it('leaves out the private projects the caller is no member of', async () => {
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'GET',
      url: '/api/admin/insights?from=2026-11-02&to=2026-11-08',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Body>();
    expect(body.projectFlagTrends!.map((row) => row.project)).not.toContain('secret');
    expect(body.metricsSummaryTrends!.map((row) => row.project)).toEqual(['trend']);
    expect(body.flagTrends![0]).toMatchObject({ total: 3 });
  });

  it('answers 400 naming the field for a day that does not exist or a reversed period', async () => {
    const bad = await t.admin({ method: 'GET', url: '/api/admin/insights?from=2026-02-30&to=2026-03-10' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('from');
    const reversed = await t.admin({
      method: 'GET',
      url: '/api/admin/insights?from=2026-03-10&to=2026-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    const garbled = await t.admin({ method: 'GET', url: '/api/admin/insights?from=yesterday' });
    expect(garbled.statusCode).toBe(400);
  });
});

describe('GET /api/admin/insights/lifecycle', () => {
  it('counts the flags in each stage group by type category', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/insights/lifecycle?projects=trend' });
    expect(response.statusCode).toBe(200);
    const { lifecycleTrends } = response.json<{
      lifecycleTrends: Record<
        string,
        { totalFlags: number; categories: Record<string, Record<string, number>> }
      >;
    }>();
    expect(lifecycleTrends.production!.totalFlags).toBe(1);
    expect(lifecycleTrends.production!.categories.permanent).toEqual({
      flagsOlderThanWeek: 1,
      newFlagsThisWeek: 0,
    });
    expect(lifecycleTrends.develop!.totalFlags).toBe(1);
    expect(lifecycleTrends.develop!.categories.release!.flagsOlderThanWeek).toBe(1);
    expect(lifecycleTrends.cleanup!.totalFlags).toBe(0);
  });

  it('leaves out private projects for a caller who may not see them', async () => {
    const viewer = await t.as('Viewer');
    const all = await viewer({ method: 'GET', url: '/api/admin/insights/lifecycle?projects=undefined' });
    const { lifecycleTrends } = all.json<{ lifecycleTrends: Record<string, { totalFlags: number }> }>();
    expect(lifecycleTrends.develop!.totalFlags).toBe(1);
    const admin = await t.admin({ method: 'GET', url: '/api/admin/insights/lifecycle' });
    expect(
      admin.json<{ lifecycleTrends: Record<string, { totalFlags: number }> }>().lifecycleTrends.develop!
        .totalFlags,
    ).toBe(2);
  });
});
