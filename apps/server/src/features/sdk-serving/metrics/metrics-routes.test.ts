import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const headers = { authorization: CLIENT_TOKEN };
  await t.app.inject({
    method: 'POST',
    url: '/api/client/register',
    headers,
    payload: {
      appName: 'shop',
      instanceId: 'shop-1',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: ['default'],
      started: Date.now(),
      interval: 15000,
    },
  });
  const start = new Date().toISOString();
  await t.app.inject({
    method: 'POST',
    url: '/api/client/metrics',
    headers,
    payload: {
      appName: 'shop',
      instanceId: 'shop-1',
      bucket: { start, stop: start, toggles: { checkout: { yes: 5, no: 2, variants: { a: 5 } } } },
    },
  });
});
afterAll(() => t.close());

it('lists applications and their instances and seen flags', async () => {
  const list = (await t.admin({ method: 'GET', url: '/api/admin/metrics/applications' })).json();
  expect(list).toMatchObject({ total: 1, applications: [{ appName: 'shop' }] });
  const shop = (await t.admin({ method: 'GET', url: '/api/admin/metrics/applications/shop' })).json();
  expect(shop.instances).toEqual([
    expect.objectContaining({
      instanceId: 'shop-1',
      environment: 'development',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: ['default'],
    }),
  ]);
  expect(shop.seenToggles).toEqual(['checkout']);
  expect((await t.admin({ method: 'GET', url: '/api/admin/metrics/applications/nope' })).statusCode).toBe(
    404,
  );
});

it('serves raw hourly counts and a summary of a flag', async () => {
  const raw = (
    await t.admin({ method: 'GET', url: '/api/admin/client-metrics/features/checkout/raw' })
  ).json();
  expect(raw.data).toEqual([
    expect.objectContaining({
      appName: 'shop',
      environment: 'development',
      yes: 5,
      no: 2,
      variants: { a: 5 },
    }),
  ]);
  const summary = (
    await t.admin({ method: 'GET', url: '/api/admin/client-metrics/features/checkout' })
  ).json();
  expect(summary).toEqual({
    version: 1,
    maturity: 'stable',
    featureName: 'checkout',
    lastHourUsage: [{ environment: 'development', timestamp: expect.any(String), yes: 5, no: 2 }],
    seenApplications: ['shop'],
    environments: [{ environment: 'development', yes: 5, no: 2 }],
  });
  const viewer = await t.as('Viewer');
  expect((await viewer({ method: 'GET', url: '/api/admin/metrics/applications' })).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/api/admin/metrics/applications' })).statusCode).toBe(401);
});
