import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';
import { buildFrontendContext } from './frontend-context.ts';

let t: TestApp;
const frontend = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: FRONTEND_TOKEN, ...headers } });
const names = (body: { toggles: { name: string }[] }) => body.toggles.map((toggle) => toggle.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('web', 'Web')");
  await buildFlag(t.db, {
    name: 'pro-only',
    impressionData: true,
    environments: {
      development: {
        enabled: true,
        strategies: [
          { name: 'default', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] },
        ],
        variants: [
          {
            name: 'gold',
            weight: 1000,
            weightType: 'variable',
            stickiness: 'default',
            payload: { type: 'string', value: 'shiny' },
          },
        ],
      },
    },
  });
  await buildFlag(t.db, {
    name: 'everyone',
    environments: { development: { enabled: true, strategies: [{}] } },
  });
  await buildFlag(t.db, {
    name: 'switched-off',
    environments: { development: { enabled: false, strategies: [{}] } },
  });
  await buildFlag(t.db, {
    name: 'office',
    environments: {
      development: {
        enabled: true,
        strategies: [{ name: 'remoteAddress', parameters: { IPs: '10.1.2.3' } }],
      },
    },
  });
  await buildFlag(t.db, {
    name: 'web-only',
    project: 'web',
    environments: { development: { enabled: true, strategies: [{}] } },
  });
});
afterAll(() => t.close());

describe('the Frontend API', () => {
  it('returns only the flags enabled for the context, with variants, on GET and POST', async () => {
    const anonymous = (await frontend('/api/frontend')).json();
    expect(names(anonymous)).toEqual(['everyone', 'web-only']);
    const pro = (await frontend('/api/frontend?userId=7&properties%5Bplan%5D=pro')).json();
    expect(names(pro)).toEqual(['everyone', 'pro-only', 'web-only']);
    expect(pro.toggles.find((toggle: { name: string }) => toggle.name === 'pro-only')).toEqual({
      name: 'pro-only',
      enabled: true,
      variant: {
        name: 'gold',
        enabled: true,
        payload: { type: 'string', value: 'shiny' },
        feature_enabled: true,
        featureEnabled: true,
      },
      impressionData: true,
    });
    expect(pro.toggles.find((toggle: { name: string }) => toggle.name === 'everyone').variant).toEqual({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/frontend?plan=basic',
      payload: { context: { userId: '7', properties: { plan: 'pro' } } },
      headers: { authorization: FRONTEND_TOKEN },
    });
    expect(names(posted.json())).toEqual(['everyone', 'pro-only', 'web-only']);
    const bare = (await frontend('/api/frontend?plan=pro')).json();
    expect(names(bare)).toContain('pro-only');
  });

  it("uses the caller's address (X-Forwarded-For honoured) unless the context names one", async () => {
    expect(names((await frontend('/api/frontend', { 'x-forwarded-for': '10.1.2.3' })).json())).toContain(
      'office',
    );
    expect(names((await frontend('/api/frontend?remoteAddress=10.1.2.3')).json())).toContain('office');
    expect(names((await frontend('/api/frontend', { 'x-forwarded-for': '10.9.9.9' })).json())).not.toContain(
      'office',
    );
  });

  it("limits flags to the token's projects", async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'web-fe', type: 'frontend', environment: 'development', projects: ['web'] },
    });
    const body = (
      await t.app.inject({ url: '/api/frontend', headers: { authorization: created.json().secret } })
    ).json();
    expect(names(body)).toEqual(['web-only']);
  });

  it('answers 304 to the weak ETag it sent', async () => {
    const first = await frontend('/api/frontend?userId=1');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(
      (await frontend('/api/frontend?userId=1', { 'if-none-match': first.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });

  it('serves one flag by name, 404 when it is not enabled for the context', async () => {
    expect(
      (await frontend('/api/frontend/features/pro-only?properties%5Bplan%5D=pro')).json().variant.name,
    ).toBe('gold');
    expect((await frontend('/api/frontend/features/pro-only')).statusCode).toBe(404);
    expect((await frontend('/api/frontend/features/nope')).statusCode).toBe(404);
  });

  it('sends CORS headers, also on errors, and answers preflight requests', async () => {
    const ok = await frontend('/api/frontend', { origin: 'https://shop.example' });
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.headers['access-control-expose-headers']).toBe('ETag');
    const denied = await t.app.inject({ url: '/api/frontend', headers: { origin: 'https://shop.example' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/frontend',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    const admin = await t.app.inject({ url: '/api/admin/user', headers: { origin: 'https://evil.example' } });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts metrics and registrations from browser SDKs', async () => {
    const metrics = await t.app.inject({
      method: 'POST',
      url: '/api/frontend/client/metrics',
      headers: { authorization: FRONTEND_TOKEN, 'unleash-sdk': 'unleash-js-sdk:3.8.2' },
      payload: {
        appName: 'web',
        instanceId: 'browser',
        bucket: {
          start: '2026-11-23T10:00:00Z',
          stop: '2026-11-23T10:00:30Z',
          toggles: { everyone: { yes: 2, no: 0, variants: {} } },
        },
      },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toBe('OK');
    const [row] = await t.db.query<{ yes: number }>(
      "SELECT yes FROM client_metrics WHERE flag_name = 'everyone' AND app_name = 'web'",
    );
    expect(row!.yes).toBe(2);
    const [instance] = await t.db.query<{ sdk_type: string }>(
      "SELECT sdk_type FROM client_instances WHERE app_name = 'web'",
    );
    expect(instance!.sdk_type).toBe('frontend');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/frontend/client/metrics',
      headers: { authorization: FRONTEND_TOKEN },
      payload: { bucket: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/appName');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/frontend/client/register',
      headers: { authorization: FRONTEND_TOKEN },
      payload: {},
    });
    expect(register.body).toBe('OK');
  });

  it('refuses client tokens', async () => {
    expect((await frontend('/api/frontend', { authorization: CLIENT_TOKEN })).statusCode).toBe(403);
  });
});

describe('buildFrontendContext', () => {
  it('keeps root fields, moves the rest into properties, and fills defaults', () => {
    const context = buildFrontendContext(
      { userId: 'u', country: 'NO', 'properties[plan]': 'pro', properties: { country: 'SE' }, sessionId: '' },
      '1.2.3.4',
    );
    expect(context).toMatchObject({
      userId: 'u',
      appName: 'frontend-api',
      environment: 'default',
      remoteAddress: '1.2.3.4',
      properties: { country: 'SE', plan: 'pro' },
    });
    expect(context.sessionId).toBeUndefined();
  });
});
