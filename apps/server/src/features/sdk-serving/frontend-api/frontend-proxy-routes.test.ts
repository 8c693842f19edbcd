import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../../../testing/test-app.ts';

// /api/proxy: the Frontend API's legacy name, answered by the same handlers.
let t: TestApp;
const proxy = (method: 'GET' | 'POST', url: string, payload?: unknown, token = FRONTEND_TOKEN) =>
  t.app.inject({ method, url, payload: payload as never, headers: { authorization: token } });

beforeAll(async () => {
  t = await createTestApp({ UNLEASH_FRONTEND_API_ORIGINS: 'https://shop.example' });
  await buildFlag(t.db, {
    name: 'pro-only',
    environments: {
      development: {
        enabled: true,
        strategies: [
          { name: 'default', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] },
        ],
      },
    },
  });
  await buildFlag(t.db, {
    name: 'switched-off',
    environments: { development: { enabled: false, strategies: [{}] } },
  });
}, 300_000);
afterAll(() => t.close());

describe('/api/proxy', () => {
  it('answers exactly as /api/frontend for the same context', async () => {
    const legacy = await proxy('GET', '/api/proxy?properties[plan]=pro');
    const current = await proxy('GET', '/api/frontend?properties[plan]=pro');
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(current.json());
    expect(legacy.json().toggles.map((toggle: { name: string }) => toggle.name)).toEqual(['pro-only']);
    const posted = await proxy('POST', '/api/proxy', { context: { properties: { plan: 'free' } } });
    expect(posted.json().toggles).toEqual([]);
    expect((await proxy('GET', '/api/proxy/features/pro-only?properties[plan]=pro')).statusCode).toBe(200);
  });

  it('/api/proxy/all lists disabled flags too', async () => {
    const all = await proxy('GET', '/api/proxy/all');
    expect(all.statusCode).toBe(200);
    const byName = Object.fromEntries(
      all.json().toggles.map((toggle: { name: string; enabled: boolean }) => [toggle.name, toggle.enabled]),
    );
    expect(byName).toEqual({ 'pro-only': false, 'switched-off': false });
  });

  it('takes metrics and registrations into the same store', async () => {
    const metrics = await proxy('POST', '/api/proxy/client/metrics', {
      appName: 'old-browser-app',
      instanceId: 'tab-1',
      bucket: {
        start: new Date().toISOString(),
        stop: new Date().toISOString(),
        toggles: { 'pro-only': { yes: 3, no: 1 } },
      },
    });
    expect(metrics.statusCode).toBe(200);
    const [row] = await t.db.query<{ yes: number }>(
      "SELECT sum(yes)::int AS yes FROM client_metrics WHERE app_name = 'old-browser-app' AND flag_name = 'pro-only'",
    );
    expect(row?.yes).toBe(3);
    const register = await proxy('POST', '/api/proxy/client/register', { appName: 'old-browser-app' });
    expect(register.statusCode).toBe(200);
    const bad = await proxy('POST', '/api/proxy/client/metrics', { bucket: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('takes only frontend tokens, and gets the frontend CORS headers', async () => {
    expect((await proxy('GET', '/api/proxy', undefined, CLIENT_TOKEN)).statusCode).toBe(403);
    expect((await proxy('GET', '/api/proxy', undefined, ADMIN_TOKEN)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/proxy' })).statusCode).toBe(401);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/proxy',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');
  });
});
