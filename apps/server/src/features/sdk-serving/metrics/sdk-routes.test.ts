import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createClientReportStore, SEEN_EVERY_MS } from '../client-api/client-report-store.ts';

let t: TestApp;
let base: string;
let PROJECT_TOKEN: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('web', 'Web'), ('quiet', 'Quiet')");
  const token = await t.admin({
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: { tokenName: 'web-sdk', type: 'client', projects: ['web'], environment: 'development' },
  });
  expect(token.statusCode).toBe(201);
  PROJECT_TOKEN = token.json().secret;
  await buildFlag(t.db, {
    name: 'web-checkout',
    project: 'web',
    environments: { development: { enabled: true, strategies: [{ name: 'gradualRollout' }] } },
  });
  await buildFlag(t.db, { name: 'kept', environments: { development: { enabled: true, strategies: [{}] } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 180_000);
afterAll(() => t.close());

const register = (appName: string, sdkVersion: string, token?: string, instanceId = `${appName}-1`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/register',
    headers: { authorization: token ?? CLIENT_TOKEN },
    payload: {
      appName,
      instanceId,
      sdkVersion,
      strategies: ['default'],
      started: new Date(),
      interval: 1000,
    },
  });
const report = (
  appName: string,
  toggles: Record<string, { yes: number; no: number }>,
  token = CLIENT_TOKEN,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/metrics',
    headers: { authorization: token },
    payload: {
      appName,
      instanceId: `${appName}-1`,
      bucket: { start: new Date(), stop: new Date(), toggles },
    },
  });

describe('outdated SDKs and project applications', () => {
  it('name the versions older than the newest one reported, everywhere and per project', async () => {
    expect((await register('billing', 'unleash-node-sdk:5.4.0')).statusCode).toBe(202);
    expect((await register('shop', 'unleash-node-sdk:6.12.1', PROJECT_TOKEN)).statusCode).toBe(202);
    expect((await register('legacy-web', 'unleash-node-sdk:4.0.0')).statusCode).toBe(202);
    expect((await report('legacy-web', { 'web-checkout': { yes: 1, no: 0 } })).statusCode).toBe(202);

    const all = await t.admin({ method: 'GET', url: '/api/admin/metrics/sdks/outdated' });
    expect(all.statusCode).toBe(200);
    expect(all.json().sdks).toEqual([
      { sdkVersion: 'unleash-node-sdk:4.0.0', applications: ['legacy-web'] },
      { sdkVersion: 'unleash-node-sdk:5.4.0', applications: ['billing'] },
    ]);

    // billing is no application of web: neither its token nor its reports name web.
    const web = await t.admin({ method: 'GET', url: '/api/admin/projects/web/sdks/outdated' });
    expect(web.json().sdks).toEqual([{ sdkVersion: 'unleash-node-sdk:4.0.0', applications: ['legacy-web'] }]);

    const apps = await t.admin({ method: 'GET', url: '/api/admin/projects/web/applications' });
    expect(apps.statusCode).toBe(200);
    expect(apps.json()).toEqual({
      total: 2,
      applications: [
        {
          name: 'legacy-web',
          environments: ['development'],
          instances: ['legacy-web-1'],
          sdks: [{ name: 'unleash-node-sdk', versions: ['4.0.0'] }],
        },
        {
          name: 'shop',
          environments: ['development'],
          instances: ['shop-1'],
          sdks: [{ name: 'unleash-node-sdk', versions: ['6.12.1'] }],
        },
      ],
    });
    const filtered = await t.admin({ method: 'GET', url: '/api/admin/projects/web/applications?query=SHO' });
    expect(filtered.json().applications.map((a: { name: string }) => a.name)).toEqual(['shop']);
    const quiet = await t.admin({ method: 'GET', url: '/api/admin/projects/quiet/applications' });
    expect(quiet.json()).toEqual({ applications: [], total: 0 });
  });

  it('need a caller, a known project and a sane page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics/sdks/outdated' })).statusCode).toBe(
      401,
    );
    expect((await t.admin({ method: 'GET', url: '/api/admin/projects/nope/sdks/outdated' })).statusCode).toBe(
      404,
    );
    const badPage = await t.admin({ method: 'GET', url: '/api/admin/projects/web/applications?limit=0' });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().details[0].path).toBe('/querystring/limit');
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/metrics/sdks/outdated' })).statusCode).toBe(200);
  });
});

describe('GET /api/admin/metrics/applications/{appName}/overview', () => {
  it('sums up projects, flags, environments and issues of one application', async () => {
    await report('legacy-web', { kept: { yes: 2, no: 0 }, 'no-such-flag': { yes: 1, no: 0 } });
    const response = await t.admin({
      method: 'GET',
      url: '/api/admin/metrics/applications/legacy-web/overview',
    });
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview).toMatchObject({
      projects: ['default', 'web'],
      featureCount: 2,
      environments: [
        {
          name: 'development',
          instanceCount: 1,
          sdks: ['unleash-node-sdk:4.0.0'],
          // It registered through the Client API: a server-side SDK.
          frontendSdks: [],
          backendSdks: ['unleash-node-sdk:4.0.0'],
          issues: { missingFeatures: ['no-such-flag'], outdatedSdks: ['unleash-node-sdk:4.0.0'] },
        },
      ],
      // web-checkout uses gradualRollout; the instance said it implements only default.
      issues: { missingStrategies: ['gradualRollout'] },
    });
    expect(Date.parse(overview.environments[0].lastSeen)).toBeGreaterThan(0);
  });

  it('answers 404 for an application nobody reported, and 401 without a caller', async () => {
    expect(
      (await t.admin({ method: 'GET', url: '/api/admin/metrics/applications/ghost/overview' })).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics/applications/shop/overview',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('unknown flags', () => {
  it('are recorded from a real unleash-client asking for a flag that does not exist', async () => {
    const sdk = new Unleash({
      url: `${base}/api/`,
      appName: 'typo-app',
      instanceId: 'typo-1',
      customHeaders: { Authorization: CLIENT_TOKEN },
      refreshInterval: 60_000,
      metricsInterval: 200,
      storageProvider: { set: async () => undefined, get: async () => undefined } as never,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        sdk.once('synchronized', () => resolve());
        sdk.once('error', reject);
      });
      sdk.isEnabled('chekout-typo');
      sdk.isEnabled('kept');
      const deadline = Date.now() + 20_000;
      let names: string[] = [];
      while (!names.includes('chekout-typo')) {
        if (Date.now() > deadline) throw new Error('the unknown flag was never recorded');
        await new Promise((resolve) => setTimeout(resolve, 100));
        const listed = await t.admin({ method: 'GET', url: '/api/admin/metrics/unknown-flags' });
        expect(listed.statusCode).toBe(200);
        names = listed.json().unknownFlags.map((f: { name: string; appName: string }) => `${f.name}`);
      }
    } finally {
      sdk.destroy();
    }
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/metrics/unknown-flags' })).json()
      .unknownFlags;
    expect(listed).toContainEqual(
      expect.objectContaining({ name: 'chekout-typo', appName: 'typo-app', environment: 'development' }),
    );
    expect(listed.map((f: { name: string }) => f.name)).not.toContain('kept');
  });

  it('drop off once a flag of that name exists, and need a caller', async () => {
    await report('typo-app', { 'late-flag': { yes: 1, no: 0 } });
    const names = async () =>
      (await t.admin({ method: 'GET', url: '/api/admin/metrics/unknown-flags' }))
        .json()
        .unknownFlags.map((f: { name: string }) => f.name);
    expect(await names()).toContain('late-flag');
    await buildFlag(t.db, { name: 'late-flag' });
    expect(await names()).not.toContain('late-flag');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics/unknown-flags' })).statusCode).toBe(
      401,
    );
  });
});

describe('last seen', () => {
  const seenAt = async (appName: string) => {
    const [row] = await t.db.query<{ seen_at: Date; last_seen_at: Date }>(
      `SELECT a.seen_at, i.last_seen_at FROM client_applications a
         JOIN client_instances i ON i.app_name = a.app_name WHERE a.app_name = $1`,
      [appName],
    );
    return { app: row!.seen_at.getTime(), instance: row!.last_seen_at.getTime() };
  };
  const backdate = (appName: string) =>
    Promise.all([
      t.db.query(`UPDATE client_applications SET seen_at = now() - interval '1 hour' WHERE app_name = $1`, [
        appName,
      ]),
      t.db.query(`UPDATE client_instances SET last_seen_at = now() - interval '1 hour' WHERE app_name = $1`, [
        appName,
      ]),
    ]);

  it('moves while an SDK keeps reporting metrics, shown on the application', async () => {
    await register('steady', 'unleash-node-sdk:6.12.1');
    await backdate('steady');
    const before = await seenAt('steady');
    expect((await report('steady', { kept: { yes: 1, no: 0 } })).statusCode).toBe(202);
    const after = await seenAt('steady');
    expect(after.app).toBeGreaterThan(before.app + 30 * 60_000);
    expect(after.instance).toBeGreaterThan(before.instance + 30 * 60_000);
    const app = (await t.admin({ method: 'GET', url: '/api/admin/metrics/applications/steady' })).json();
    expect(Date.parse(app.seenAt)).toBe(after.app);
  });

  it('is written at most once a minute per application and instance', async () => {
    await register('throttled', 'unleash-node-sdk:6.12.1');
    let time = 1_000_000;
    const reports = createClientReportStore(t.db, { now: () => time });
    await reports.seen('throttled', 'development', 'throttled-1');
    await backdate('throttled');
    const before = await seenAt('throttled');
    time += SEEN_EVERY_MS - 1;
    await reports.seen('throttled', 'development', 'throttled-1');
    expect(await seenAt('throttled')).toEqual(before);
    time += 1;
    await reports.seen('throttled', 'development', 'throttled-1');
    const after = await seenAt('throttled');
    expect(after.app).toBeGreaterThan(before.app);
    expect(after.instance).toBeGreaterThan(before.instance);
  });
});
