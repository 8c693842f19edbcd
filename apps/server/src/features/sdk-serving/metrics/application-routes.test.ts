import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
const report = async (appName: string, instanceId: string) => {
  const headers = { authorization: CLIENT_TOKEN };
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/client/register',
    headers,
    payload: {
      appName,
      instanceId,
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: [],
      started: Date.now(),
      interval: 15000,
    },
  });
  expect(register.statusCode).toBeLessThan(300);
  const now = new Date().toISOString();
  await t.app.inject({
    method: 'POST',
    url: '/api/client/metrics',
    headers,
    payload: {
      appName,
      instanceId,
      bucket: { start: now, stop: now, toggles: { checkout: { yes: 1, no: 0, variants: {} } } },
    },
  });
};
beforeAll(async () => {
  t = await createTestApp();
  await report('shop', 'shop-1');
  await report('shop', 'shop-2');
});
afterAll(() => t.close());

const application = async (name: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/metrics/applications/${name}` })).json();

describe('applications', () => {
  it('describes an application, keeping what is not sent, and clears with null', async () => {
    const save = (payload: Record<string, unknown>) =>
      t.admin({ method: 'POST', url: '/api/admin/metrics/applications/shop', payload });
    expect(
      (await save({ appName: 'shop', description: 'The web shop', url: 'https://shop.example.com' }))
        .statusCode,
    ).toBe(200);
    expect((await save({ color: '#1A7F37' })).statusCode).toBe(200);
    expect(await application('shop')).toMatchObject({
      description: 'The web shop',
      url: 'https://shop.example.com',
      color: '#1A7F37',
    });
    await save({ url: null });
    expect(await application('shop')).toMatchObject({ description: 'The web shop', url: null });
    const [event] = await t.db.query<{ type: string; data: unknown }>(
      'SELECT type, data FROM events ORDER BY id DESC LIMIT 1',
    );
    expect(event).toEqual({ type: 'application-updated', data: { appName: 'shop', url: null } });
  });

  it('creates an application no SDK reported yet, and refuses bad details', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/metrics/applications/billing',
      payload: { description: 'Invoices' },
    });
    expect(await application('billing')).toMatchObject({
      appName: 'billing',
      description: 'Invoices',
      instances: [],
    });
    const bad = await t.admin({
      method: 'POST',
      url: '/api/admin/metrics/applications/billing',
      payload: { url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/url');
    expect((await application('billing')).url).toBeNull();
  });

  it('lists the instances of an application in one environment', async () => {
    const response = await t.admin({
      method: 'GET',
      url: '/api/admin/metrics/instances/shop/environment/development',
    });
    expect(
      response
        .json()
        .instances.map((i: { instanceId: string }) => i.instanceId)
        .sort(),
    ).toEqual(['shop-1', 'shop-2']);
    const other = await t.admin({
      method: 'GET',
      url: '/api/admin/metrics/instances/shop/environment/production',
    });
    expect(other.json()).toEqual({ instances: [] });
  });

  it('deletes an application with its instances and counts; Editors may (UPDATE_APPLICATION), Viewers not', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'DELETE', url: '/api/admin/metrics/applications/shop' })).statusCode).toBe(
      403,
    );
    const editor = await t.as('Editor');
    expect((await editor({ method: 'DELETE', url: '/api/admin/metrics/applications/shop' })).statusCode).toBe(
      200,
    );
    expect((await t.admin({ method: 'GET', url: '/api/admin/metrics/applications/shop' })).statusCode).toBe(
      404,
    );
    expect(await t.db.query("SELECT * FROM client_instances WHERE app_name = 'shop'")).toEqual([]);
    expect(await t.db.query("SELECT * FROM client_metrics WHERE app_name = 'shop'")).toEqual([]);
    expect(
      (await t.admin({ method: 'DELETE', url: '/api/admin/metrics/applications/shop' })).statusCode,
    ).toBe(404);
    // It comes back when one of its SDKs reports again.
    await report('shop', 'shop-3');
    expect((await application('shop')).instances.map((i: { instanceId: string }) => i.instanceId)).toEqual([
      'shop-3',
    ]);
  });
});
