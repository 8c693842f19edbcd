import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildSegment } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let segmentId: number;
const spec = { 'unleash-client-spec': '5.2.0' };
const client = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: CLIENT_TOKEN, ...spec, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('web', 'Web')");
  segmentId = await buildSegment(t.db, 'staff', [
    { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] },
  ]);
  await buildFlag(t.db, {
    name: 'checkout',
    description: 'New checkout',
    impressionData: true,
    environments: {
      development: {
        enabled: true,
        strategies: [
          {
            name: 'flexibleRollout',
            parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
            segments: [segmentId],
            variants: [{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }],
          },
          {
            name: 'userWithId',
            parameters: { userIds: 'u1,u2' },
            constraints: [{ contextName: 'appName', operator: 'IN', values: ['shop'], customField: 'kept' }],
          },
          { name: 'default', disabled: true },
        ],
        variants: [
          {
            name: 'blue',
            weight: 1000,
            weightType: 'variable',
            stickiness: 'userId',
            payload: { type: 'json', value: '{"a":1}' },
          },
        ],
      },
      production: { enabled: false },
    },
    tags: [{ type: 'simple', value: 'beta' }],
  });
  await buildFlag(t.db, {
    name: 'web-banner',
    project: 'web',
    environments: { development: { enabled: true, strategies: [{}] } },
  });
  await buildFlag(t.db, { name: 'never-configured' });
  await buildFlag(t.db, { name: 'old', archived: true });
});
afterAll(() => t.close());

describe('GET /api/client/features', () => {
  it('serves the stored state exactly, in the Unleash shape', async () => {
    const response = await client('/api/client/features');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(2);
    expect(body.query).toEqual({ environment: 'development', inlineSegmentConstraints: false });
    expect(body.features.map((f: { name: string }) => f.name).sort()).toEqual([
      'checkout',
      'never-configured',
      'web-banner',
    ]);
    const checkout = body.features.find((f: { name: string }) => f.name === 'checkout');
    expect(checkout).toEqual({
      name: 'checkout',
      type: 'release',
      description: 'New checkout',
      project: 'default',
      enabled: true,
      stale: false,
      impressionData: true,
      strategies: [
        {
          name: 'flexibleRollout',
          constraints: [],
          parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
          variants: [{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }],
          segments: [segmentId],
        },
        {
          name: 'userWithId',
          constraints: [
            {
              contextName: 'appName',
              operator: 'IN',
              values: ['shop'],
              inverted: false,
              caseInsensitive: false,
              customField: 'kept',
            },
          ],
          parameters: { userIds: 'u1,u2' },
          variants: [],
        },
      ],
      variants: [
        {
          name: 'blue',
          weight: 1000,
          weightType: 'variable',
          stickiness: 'userId',
          payload: { type: 'json', value: '{"a":1}' },
        },
      ],
    });
    expect(body.features.find((f: { name: string }) => f.name === 'never-configured')).toMatchObject({
      enabled: false,
      strategies: [],
    });
    expect(body.segments).toEqual([
      {
        id: segmentId,
        name: 'staff',
        constraints: [
          {
            contextName: 'email',
            operator: 'STR_ENDS_WITH',
            values: ['@example.com'],
            inverted: false,
            caseInsensitive: false,
          },
        ],
      },
    ]);
    expect(body.meta.etag).toBe(response.headers.etag);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{8}:\d+:v2"$/);
  });

  it('inlines segment constraints for SDKs without the client spec header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: CLIENT_TOKEN },
    });
    const body = response.json();
    expect(body.segments).toBeUndefined();
    expect(body.query.inlineSegmentConstraints).toBe(true);
    const rollout = body.features.find((f: { name: string }) => f.name === 'checkout').strategies[0];
    expect(rollout.segments).toBeUndefined();
    expect(rollout.constraints).toEqual([
      {
        contextName: 'email',
        operator: 'STR_ENDS_WITH',
        values: ['@example.com'],
        inverted: false,
        caseInsensitive: false,
      },
    ]);
    const bad = await client('/api/client/features', { 'unleash-client-spec': 'v5' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after any change', async () => {
    const first = await client('/api/client/features');
    const etag = first.headers.etag as string;
    const again = await client('/api/client/features', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBeUndefined();
    await buildFlag(t.db, { name: 'added-later', environments: { development: { enabled: true } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const changed = await client('/api/client/features', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().features.some((f: { name: string }) => f.name === 'added-later')).toBe(true);
  });

  it('gzips when asked, with the same content', async () => {
    const plain = await client('/api/client/features');
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: CLIENT_TOKEN, ...spec, 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('filters by project, name prefix and tag, and lets the token scope win', async () => {
    const web = (await client('/api/client/features?project=web')).json();
    expect(web.features.map((f: { name: string }) => f.name)).toEqual(['web-banner']);
    const prefix = (await client('/api/client/features?namePrefix=check')).json();
    expect(prefix.features.map((f: { name: string }) => f.name)).toEqual(['checkout']);
    const tagged = (await client('/api/client/features?tag=simple:beta')).json();
    expect(tagged.features.map((f: { name: string }) => f.name)).toEqual(['checkout']);
    expect((await client('/api/client/features?tag=nocolon')).statusCode).toBe(400);

    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'web-prod', type: 'client', environment: 'production', projects: ['web'] },
    });
    const scoped = await t.app.inject({
      method: 'GET',
      url: '/api/client/features?project=default&environment=development',
      headers: { authorization: created.json().secret },
    });
    expect(scoped.json().query).toMatchObject({ environment: 'production', project: ['web'] });
    expect(scoped.json().features.map((f: { name: string }) => f.name)).toEqual(['web-banner']);
    expect(scoped.json().features[0].enabled).toBe(false);
  });

  it('refuses missing, unknown and wrong-type tokens as Unleash does', async () => {
    expect((await t.app.inject('/api/client/features')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/client/features',
          headers: { authorization: 'default:development.nope' },
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      url: '/api/client/features',
      headers: { authorization: FRONTEND_TOKEN },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('invalid token: expected a different token type for this endpoint');
  });
});

describe('GET /api/client/features/:featureName', () => {
  it('returns one flag or 404', async () => {
    expect((await client('/api/client/features/checkout')).json().strategies).toHaveLength(2);
    const missing = await client('/api/client/features/old');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Could not find feature flag old');
  });
});

describe('register and metrics', () => {
  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: CLIENT_TOKEN, 'unleash-sdk': 'unleash-node-sdk:6.12.1' },
    });

  it('stores registrations and hourly counts per flag, app and environment', async () => {
    const registered = await post('/api/client/register', {
      appName: 'shop',
      instanceId: 'shop-1',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: ['default', 'flexibleRollout'],
      started: '2026-11-23T10:00:00Z',
      interval: 15000,
    });
    expect(registered.statusCode).toBe(202);
    const [instance] = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM client_instances WHERE app_name = $1',
      ['shop'],
    );
    expect(instance).toMatchObject({
      instance_id: 'shop-1',
      environment: 'development',
      sdk_version: 'unleash-node-sdk:6.12.1',
      interval_ms: 15000,
    });

    const bucket = {
      start: '2026-11-23T10:15:00Z',
      stop: '2026-11-23T10:16:00Z',
      toggles: { checkout: { yes: 3, no: 1, variants: { blue: 2 } } },
    };
    expect(
      (await post('/api/client/metrics', { appName: 'shop', instanceId: 'shop-1', bucket })).statusCode,
    ).toBe(202);
    expect(
      (
        await post('/api/client/metrics', {
          appName: 'shop',
          instanceId: 'shop-1',
          bucket: { ...bucket, toggles: { checkout: { yes: 1, no: 0, variants: { blue: 1, disabled: 4 } } } },
        })
      ).statusCode,
    ).toBe(202);
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM client_metrics WHERE flag_name = $1',
      ['checkout'],
    );
    expect(row).toMatchObject({
      app_name: 'shop',
      environment: 'development',
      yes: 4,
      no: 1,
      variants: { blue: 3, disabled: 4 },
    });
    expect((row!.hour as Date).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    const [flag] = await t.db.query<{ last_seen_at: Date | null }>(
      "SELECT last_seen_at FROM flags WHERE name = 'checkout'",
    );
    expect(flag!.last_seen_at).not.toBeNull();
  });

  it("drops a project-scoped token's counts for flags of other projects", async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'elsewhere', name: 'Elsewhere' },
    });
    await buildFlag(t.db, { name: 'mine-counted', project: 'default' });
    await buildFlag(t.db, { name: 'theirs-uncounted', project: 'elsewhere' });
    const token = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'default-only',
        type: 'client',
        environment: 'development',
        projects: ['default'],
      },
    });
    expect(token.statusCode, token.body).toBeLessThan(300);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: { authorization: token.json().secret },
      payload: {
        appName: 'scoped-app',
        instanceId: 'scoped-1',
        bucket: {
          start: '2026-11-23T10:00:00.000Z',
          stop: '2026-11-23T10:01:00.000Z',
          toggles: {
            'mine-counted': { yes: 2, no: 0, variants: {} },
            'theirs-uncounted': { yes: 5, no: 0, variants: {} },
          },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    const rows = await t.db.query<{ flag_name: string }>(
      "SELECT flag_name FROM client_metrics WHERE app_name = 'scoped-app' ORDER BY flag_name",
    );
    expect(rows.map((row) => row.flag_name)).toEqual(['mine-counted']);
  });

  it('accepts a metrics report without a bucket', async () => {
    expect((await post('/api/client/metrics', { appName: 'shop', bucket: null })).statusCode).toBe(202);
  });

  it('refuses bad payloads with a 400 that names the field, and stores nothing', async () => {
    const before = await t.db.query('SELECT * FROM client_instances');
    const missing = await post('/api/client/register', { appName: 'x', strategies: [], interval: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { path: string }) => d.path)).toContain('/body/started');
    const badDate = await post('/api/client/metrics', {
      appName: 'x',
      bucket: { start: 'yesterday', stop: 1, toggles: {} },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details[0].path).toMatch(/^\/body\/bucket/);
    const noApp = await post('/api/client/metrics', { bucket: null });
    expect(noApp.json().details[0].path).toBe('/body/appName');
    expect(await t.db.query('SELECT * FROM client_instances')).toEqual(before);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: 'hello',
      headers: { authorization: CLIENT_TOKEN, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });
});
