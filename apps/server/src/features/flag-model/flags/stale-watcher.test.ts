import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { markPotentiallyStale } from './stale-watcher.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
}, 300_000);
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const created = new Date('2031-01-01T00:00:00Z');
const after = (days: number) => new Date(created.getTime() + days * DAY);

const toldOf = (flag: string) =>
  t.db.query<{ created_by: string; project: string; data: unknown }>(
    "SELECT created_by, project, data FROM events WHERE type = 'feature-potentially-stale-on' AND feature_name = $1",
    [flag],
  );

it("tells once that a flag outlived its type's lifetime, and again after it qualified anew", async () => {
  // operational: 7 days; kill-switch: no lifetime
  await buildFlag(t.db, { name: 'ops-old', type: 'operational', createdAt: created });
  await buildFlag(t.db, { name: 'switch-old', type: 'kill-switch', createdAt: created });
  await buildFlag(t.db, { name: 'ops-stale', type: 'operational', createdAt: created, stale: true });

  expect(await markPotentiallyStale(t.db, after(6))).not.toContain('ops-old');
  expect(await markPotentiallyStale(t.db, after(8))).toContain('ops-old');
  expect(await markPotentiallyStale(t.db, after(9))).toEqual([]);
  expect(await toldOf('ops-old')).toEqual([
    { created_by: 'Switchyard', project: 'default', data: { name: 'ops-old', potentiallyStale: true } },
  ]);
  expect(await toldOf('switch-old')).toEqual([]);
  expect(await toldOf('ops-stale')).toEqual([]);

  // A longer-lived type clears the mark; going back makes it qualify, and be told, again.
  await t.db.query("UPDATE flags SET type = 'kill-switch' WHERE name = 'ops-old'");
  expect(await markPotentiallyStale(t.db, after(10))).toEqual([]);
  await t.db.query("UPDATE flags SET type = 'operational' WHERE name = 'ops-old'");
  expect(await markPotentiallyStale(t.db, after(11))).toEqual(['ops-old']);
  expect(await toldOf('ops-old')).toHaveLength(2);
});

it('marks and tells each flag once when several processes look at the same moment', async () => {
  await buildFlag(t.db, { name: 'ops-raced', type: 'operational', createdAt: created });
  const found = await Promise.all([1, 2, 3].map(() => markPotentiallyStale(t.db, after(30))));
  expect(found.flat().filter((name) => name === 'ops-raced')).toEqual(['ops-raced']);
  expect(await toldOf('ops-raced')).toHaveLength(1);
});

it('owes the event to an integration that wants it, and waits while maintenance mode is on', async () => {
  const addon = await t.admin({
    method: 'POST',
    url: '/api/admin/addons',
    payload: {
      provider: 'webhook',
      enabled: true,
      parameters: { url: 'http://127.0.0.1:9/hook' },
      events: ['feature-potentially-stale-on'],
    },
  });
  expect(addon.statusCode).toBe(200);
  const addonId = addon.json<{ id: number }>().id;

  await buildFlag(t.db, { name: 'ops-paused', type: 'operational', createdAt: created });
  await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } });
  expect(await markPotentiallyStale(t.db, after(40))).toEqual([]);
  await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: false } });
  expect(await markPotentiallyStale(t.db, after(40))).toEqual(['ops-paused']);

  const owed = await t.db.query<{ feature_name: string }>(
    `SELECT e.feature_name FROM addon_deliveries d JOIN events e ON e.id = d.event_id WHERE d.addon_id = $1`,
    [addonId],
  );
  expect(owed.map((row) => row.feature_name)).toEqual(['ops-paused']);
});
