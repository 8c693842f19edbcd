import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';
import { changesAdminState } from './maintenance-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/projects/default/features',
    payload: { name: 'steady' },
  });
  expect(created.statusCode).toBe(201);
});
afterAll(() => t.close());

const setMaintenance = (enabled: boolean) =>
  t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled } });
const flags = async () =>
  (await t.db.query('SELECT name, description FROM flags ORDER BY name')) as unknown[];

describe('maintenance mode', () => {
  it('is off until an admin turns it on, and every signed-in user can see it', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/maintenance' })).json()).toEqual({
      enabled: false,
    });
    expect(
      (await viewer({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
    const editor = await t.as('Editor');
    expect(
      (await editor({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
    const bad = await setMaintenance('yes' as unknown as boolean);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/enabled');
  });

  it('refuses every Admin API change with 503 while on, and changes nothing', async () => {
    expect((await setMaintenance(true)).statusCode).toBe(204);
    const before = await flags();
    const attempts = [
      await t.admin({
        method: 'POST',
        url: '/api/admin/projects/default/features',
        payload: { name: 'new-one' },
      }),
      await t.admin({
        method: 'PUT',
        url: '/api/admin/projects/default/features/steady',
        payload: { description: 'x' },
      }),
      await t.admin({ method: 'DELETE', url: '/api/admin/projects/default/features/steady' }),
      await t.admin({ method: 'POST', url: '/api/admin/banners', payload: { message: 'hello' } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(503);
      expect(response.json().name).toBe('MaintenanceError');
      expect(response.json().message).toMatch(/maintenance mode/);
    }
    expect(await flags()).toEqual(before);
  });

  it('keeps reads, checks, the playground, sign-in and the SDK APIs working while on', async () => {
    const read = await t.admin({ method: 'GET', url: '/api/admin/projects/default/features/steady' });
    expect(read.statusCode).toBe(200);
    const check = await t.admin({
      method: 'POST',
      url: '/api/admin/features/validate',
      payload: { name: 'free-name' },
    });
    expect(check.statusCode).toBe(200);
    const playground = await t.admin({
      method: 'POST',
      url: '/api/admin/playground',
      payload: { environment: 'development', context: { appName: 'x' } },
    });
    expect(playground.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'admin', password: 'unleash4all' },
    });
    expect(login.statusCode).toBe(200);
    const client = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: CLIENT_TOKEN },
    });
    expect(client.statusCode).toBe(200);
    const metrics = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: { authorization: CLIENT_TOKEN },
      payload: {
        appName: 'shop',
        instanceId: 'i',
        bucket: { start: new Date().toISOString(), stop: new Date().toISOString(), toggles: {} },
      },
    });
    expect(metrics.statusCode).toBeLessThan(300);
    const frontend = await t.app.inject({
      method: 'GET',
      url: '/api/frontend',
      headers: { authorization: FRONTEND_TOKEN },
    });
    expect(frontend.statusCode).toBe(200);
  });

  it('lets changes through again once off, and records both switches', async () => {
    expect((await setMaintenance(false)).statusCode).toBe(204);
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: 'after-maintenance' },
    });
    expect(created.statusCode).toBe(201);
    const events = await t.db.query<{ data: unknown; pre_data: unknown }>(
      "SELECT data, pre_data FROM events WHERE type = 'maintenance-mode-toggled' ORDER BY id",
    );
    expect(events).toEqual([
      { data: { enabled: true }, pre_data: { enabled: false } },
      { data: { enabled: false }, pre_data: { enabled: true } },
    ]);
  });

  it('tells changes from reads by method, path and operation', () => {
    const post = (url: string) => ({ method: 'POST', url });
    expect(changesAdminState(post('/api/admin/projects'), 'createProject')).toBe(true);
    expect(changesAdminState(post('/api/admin/segments/validate'), 'validateSegment')).toBe(false);
    expect(changesAdminState(post('/api/admin/playground'), 'getPlayground')).toBe(false);
    expect(changesAdminState({ method: 'GET', url: '/api/admin/projects' }, 'getProjects')).toBe(false);
    expect(changesAdminState(post('/api/client/metrics'), 'registerClientMetrics')).toBe(false);
    expect(changesAdminState(post('/auth/simple/login'), 'login')).toBe(false);
    // Signing up with an invite link creates a user, so it waits too.
    expect(changesAdminState(post('/invite/abc/signup'), 'addPublicSignupTokenUser')).toBe(true);
  });
});
