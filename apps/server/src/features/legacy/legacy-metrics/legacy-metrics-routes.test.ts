import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name, mode) VALUES ('secret', 'Secret', 'private')");
  await buildFlag(t.db, { name: 'counted' });
  await buildFlag(t.db, { name: 'hidden-flag', project: 'secret' });
  await t.db.query(
    "INSERT INTO client_applications (app_name, description) VALUES ('shop', 'The shop'), ('admin-tool', null)",
  );
  await t.db.query(
    `INSERT INTO client_metrics (flag_name, app_name, environment, hour, yes, no) VALUES
       ('counted', 'shop', 'development', date_trunc('hour', now()), 5, 1),
       ('counted', 'admin-tool', 'development', date_trunc('hour', now()) - interval '1 hour', 2, 2),
       ('counted', 'shop', 'development', date_trunc('hour', now()) - interval '5 hours', 100, 100),
       ('never-created', 'shop', 'development', date_trunc('hour', now()), 1, 0),
       ('hidden-flag', 'shop', 'development', date_trunc('hour', now()), 9, 9)`,
  );
}, 300_000);
afterAll(() => t.close());

describe('legacy metrics summaries', () => {
  it('seen-toggles lists the flags each application reported', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/metrics/seen-toggles' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { appName: 'admin-tool', seenToggles: ['counted'], metricsCount: 1 },
      { appName: 'shop', seenToggles: ['counted', 'hidden-flag', 'never-created'], metricsCount: 4 },
    ]);
  });

  it('seen-apps lists the applications per flag', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/metrics/seen-apps' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counted.map((app: { appName: string }) => app.appName)).toEqual(['admin-tool', 'shop']);
    expect(body.counted[1]).toMatchObject({ appName: 'shop', description: 'The shop' });
  });

  it('feature-toggles sums the last hour and the current bucket', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/metrics/feature-toggles' });
    expect(response.statusCode).toBe(200);
    expect(response.json().lastHour.counted).toEqual({ yes: 7, no: 3 });
    expect(response.json().lastMinute.counted).toEqual({ yes: 5, no: 1 });
    const one = await t.admin({ method: 'GET', url: '/api/admin/metrics/feature-toggles/counted' });
    expect(one.json()).toEqual({
      lastHour: { yes: 7, no: 3 },
      lastMinute: { yes: 5, no: 1 },
      seenApps: ['admin-tool', 'shop'],
    });
    const unknown = await t.admin({ method: 'GET', url: '/api/admin/metrics/feature-toggles/nothing-here' });
    expect(unknown.json()).toEqual({
      lastHour: { yes: 0, no: 0 },
      lastMinute: { yes: 0, no: 0 },
      seenApps: [],
    });
  });

  it('leaves out flags of private projects the caller is no member of, and needs a signed-in caller', async () => {
    const viewer = await t.as('Viewer');
    const seen = await viewer({ method: 'GET', url: '/api/admin/metrics/seen-toggles' });
    expect(seen.statusCode).toBe(200);
    expect(JSON.stringify(seen.json())).not.toContain('hidden-flag');
    const counts = await viewer({ method: 'GET', url: '/api/admin/metrics/feature-toggles' });
    expect(counts.json().lastHour['hidden-flag']).toBeUndefined();
    const one = await viewer({ method: 'GET', url: '/api/admin/metrics/feature-toggles/hidden-flag' });
    expect(one.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/metrics/seen-apps' });
    expect(anonymous.statusCode).toBe(401);
  });
});
