import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
const stats = async () =>
  (await t.admin({ method: 'GET', url: '/api/admin/instance-admin/statistics' })).json();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('instance statistics', () => {
  it('count what the installation holds, with Unleash’s checksum', async () => {
    const before = await stats();
    await buildFlag(t.db, {
      name: 'counted',
      environments: {
        production: {
          enabled: true,
          strategies: [
            {
              name: 'default',
              constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }],
            },
          ],
        },
      },
    });
    await buildFlag(t.db, { name: 'gone', archived: true });
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'counted', name: 'Counted' },
    });
    const viewer = await t.as('Viewer');
    await viewer({ method: 'GET', url: '/api/admin/user' });
    const after = await stats();
    expect(after.featureToggles).toBe(before.featureToggles + 1);
    expect(after.archivedFeatureToggles).toBe(before.archivedFeatureToggles + 1);
    expect(after.projects).toBe(before.projects + 1);
    expect(after.users).toBe(before.users + 1);
    expect(after.activeUsers.last7).toBeGreaterThanOrEqual(1);
    expect(after.apiTokens).toEqual({ admin: 1, client: 1, frontend: 1 });
    expect(after.maxConstraintValues).toBeGreaterThanOrEqual(3);
    expect(after.instanceId).toBe(before.instanceId);
    const expected = createHash('sha256')
      .update(
        `${after.instanceId}${after.users}${after.featureToggles}${after.projects}${after.roles}${after.groups}${after.environments}${after.segments}`,
      )
      .digest('hex');
    expect(after.sum).toBe(expected);
  });

  it('download as CSV: a header and one row', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/instance-admin/statistics/csv' });
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="switchyard-.+\.csv"/);
    const [header, row] = response.body.trim().split('\n');
    const columns = header!.split(',');
    expect(columns).toEqual(
      expect.arrayContaining(['instanceId', 'users', 'activeUsers.last30', 'clientApps.7d', 'sum']),
    );
    expect(row!.split(',')).toHaveLength(columns.length);
  });

  it('are for admins only', async () => {
    const editor = await t.as('Editor');
    expect((await editor({ method: 'GET', url: '/api/admin/instance-admin/statistics' })).statusCode).toBe(
      403,
    );
  });
});

describe('telemetry', () => {
  it('is off, and the server connects nowhere but loopback while it runs', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    try {
      const settings = (await t.admin({ method: 'GET', url: '/api/admin/telemetry/settings' })).json();
      expect(settings).toEqual({ versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false });
      await t.admin({ method: 'GET', url: '/api/admin/instance-admin/statistics' });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a scheduler poll or two
      // Each call as its arguments name the peer: an options object, or a port then a host (as pg connects).
      const targets = connect.mock.calls.map((args) =>
        JSON.stringify(args.filter((arg) => typeof arg !== 'function')),
      );
      for (const target of targets) expect(target).toMatch(/127\.0\.0\.1|localhost|::1|\.s\.PGSQL|"path"/);
    } finally {
      connect.mockRestore();
    }
  });
});
