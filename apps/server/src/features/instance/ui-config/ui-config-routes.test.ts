import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../testing/people.ts';
import { createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';
import { isOrigin } from './frontend-origins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UNLEASH_FRONTEND_API_ORIGINS: 'https://start.example' });
}, 180_000);
afterAll(() => t.close());

const setCors = (frontendApiOrigins: unknown) =>
  t.admin({ method: 'POST', url: '/api/admin/ui-config/cors', payload: { frontendApiOrigins } });
const allowedOrigin = async (origin: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/frontend',
      headers: { authorization: FRONTEND_TOKEN, origin },
    })
  ).headers['access-control-allow-origin'];

describe('GET /api/admin/ui-config', () => {
  it("answers every signed-in user with Unleash's fields, from this server's configuration", async () => {
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: '/api/admin/ui-config' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Switchyard',
      environment: 'Open Source',
      authenticationType: 'open-source',
      baseUriPath: '',
      emailEnabled: false,
      maintenanceMode: false,
      frontendApiOrigins: ['https://start.example'],
      resourceLimits: { segmentValues: 1000, strategySegments: 5 },
      versionInfo: { isLatest: true },
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.versionInfo.current.oss).toBe(body.version);
    expect(body.links[0].href).toMatch(/\/docs\/openapi\.json$/);
  });

  it("presents the Enterprise surface Switchyard serves, so Unleash's frontend shows those screens (decision 0061)", async () => {
    const body = (await (await t.as('Viewer'))({ method: 'GET', url: '/api/admin/ui-config' })).json();
    // Unleash's frontend: isEnterprise() is a non-empty versionInfo.current.enterprise and an environment other than "pro".
    expect(body.versionInfo.current.enterprise).toBe(body.version);
    expect(body.environment.toLowerCase()).not.toBe('pro');
    expect(body.flags).toEqual({ EEA: true, UG: true, P: true, signals: true, automatedActions: true });
    // Each flag's screen is served: environments are created, groups listed, signal endpoints and action sets kept.
    for (const url of [
      '/api/admin/environments',
      '/api/admin/groups',
      '/api/admin/signal-endpoints',
      '/api/admin/projects/default/actions',
      '/api/admin/license/check',
    ])
      expect((await t.admin({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('follows maintenance mode', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } });
    expect((await t.admin({ method: 'GET', url: '/api/admin/ui-config' })).json().maintenanceMode).toBe(true);
    await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: false } });
  });

  it('needs a caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ui-config' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/ui-config/cors', () => {
  it('starts from UNLEASH_FRONTEND_API_ORIGINS, then the stored origins take over on the Frontend API', async () => {
    expect(await allowedOrigin('https://start.example')).toBe('https://start.example');
    expect(await allowedOrigin('https://shop.example')).toBeUndefined();

    expect((await setCors(['https://shop.example', 'http://localhost:3000'])).statusCode).toBe(204);
    expect(await allowedOrigin('https://shop.example')).toBe('https://shop.example');
    expect(await allowedOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(await allowedOrigin('https://start.example')).toBeUndefined();
    const config = (await t.admin({ method: 'GET', url: '/api/admin/ui-config' })).json();
    expect(config.frontendApiOrigins).toEqual(['https://shop.example', 'http://localhost:3000']);

    const [event] = await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
      "SELECT type, data, pre_data FROM events WHERE type = 'setting-updated' ORDER BY id DESC LIMIT 1",
    );
    expect(event).toMatchObject({
      data: { frontendApiOrigins: ['https://shop.example', 'http://localhost:3000'] },
      pre_data: { frontendApiOrigins: ['https://start.example'] },
    });

    expect((await setCors(['*'])).statusCode).toBe(204);
    expect(await allowedOrigin('https://anything.example')).toBe('*');
    expect((await setCors([])).statusCode).toBe(204);
    expect(await allowedOrigin('https://anything.example')).toBeUndefined();
  });

  it('needs ADMIN or UPDATE_CORS', async () => {
    const editor = await t.as('Editor');
    const refused = await editor({
      method: 'POST',
      url: '/api/admin/ui-config/cors',
      payload: { frontendApiOrigins: ['*'] },
    });
    expect(refused.statusCode).toBe(403);
    const role = await t.admin({
      method: 'POST',
      url: '/api/admin/roles',
      payload: { name: 'CORS keeper', type: 'root-custom', permissions: [{ name: 'UPDATE_CORS' }] },
    });
    expect(role.statusCode).toBe(200);
    const keeper = await signedIn(t, 'cors-keeper', role.json().roles.id);
    const allowed = await keeper.send({
      method: 'POST',
      url: '/api/admin/ui-config/cors',
      payload: { frontendApiOrigins: ['https://kept.example'] },
    });
    expect(allowed.statusCode).toBe(204);
    expect(await allowedOrigin('https://kept.example')).toBe('https://kept.example');
  });

  it('refuses what is not an origin, naming the entry, and a body without the list', async () => {
    const bad = await setCors(['https://ok.example', 'https://shop.example/path']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/frontendApiOrigins/1');
    const missing = await t.admin({ method: 'POST', url: '/api/admin/ui-config/cors', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/frontendApiOrigins');
    const notAList = await setCors('https://shop.example');
    expect(notAList.statusCode).toBe(400);
  });
});

describe('isOrigin', () => {
  it('takes scheme, host and port, or *', () => {
    expect(isOrigin('*')).toBe(true);
    expect(isOrigin('https://shop.example')).toBe(true);
    expect(isOrigin('http://localhost:3000')).toBe(true);
    expect(isOrigin('https://shop.example/')).toBe(false);
    expect(isOrigin('shop.example')).toBe(false);
    expect(isOrigin('ftp://shop.example')).toBe(false);
    expect(isOrigin('https://user@shop.example')).toBe(false);
  });
});
