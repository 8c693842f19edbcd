import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature } from '@openfeature/server-sdk';
import { Unleash } from 'unleash-client';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEdge } from '../scripts/build-edge.ts';
import { adminClient } from '../src/testing/admin-client.ts';
import { startEdgeProcess, type EdgeProcess } from '../src/testing/edge-process.ts';
import { firstStreamEvent, seedPrivateSegments, segmentIds } from '../src/testing/private-segments.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// `npm run edge` between the official SDKs and a real Switchyard process: everything on loopback, nothing faked.
const ADMIN = '*:*.edge-admin';
const CLIENT = '*:development.edge-client';
const FRONTEND = '*:development.edge-frontend';
/** Valid upstream but not in the edge's TOKENS: validated on first use. */
const LATE_CLIENT = 'default:development.edge-late-client';

let server: ServerProcess;
let edge: EdgeProcess;
let dataDir: string;
let admin: ReturnType<typeof adminClient>;
const sdks: Unleash[] = [];
const browsers: UnleashClient[] = [];
const edges: EdgeProcess[] = [];

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
};

const edgeEnv = (upstream: string, extra: Record<string, string> = {}) => ({
  UPSTREAM_URL: upstream,
  TOKENS: `${CLIENT},${FRONTEND}`,
  // Polls far apart: a change that arrives within seconds came by streaming.
  FEATURES_REFRESH_INTERVAL_SECONDS: '60',
  METRICS_INTERVAL_SECONDS: '0.5',
  ...extra,
});

const startEdge = async (env: Record<string, string>, script?: string) => {
  const started = await startEdgeProcess(env, 60_000, script);
  edges.push(started);
  return started;
};

const connect = async (url: string, options: Partial<ConstructorParameters<typeof Unleash>[0]> = {}) => {
  const sdk = new Unleash({
    url: `${url}/api/`,
    appName: 'edge-sdk',
    instanceId: `edge-sdk-${sdks.length}`,
    customHeaders: { Authorization: CLIENT },
    refreshInterval: 60_000,
    metricsInterval: 300,
    experimentalMode: { type: 'streaming' },
    storageProvider: { set: async () => undefined, get: async () => undefined } as never,
    ...options,
  });
  sdks.push(sdk);
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
  return sdk;
};

const features = (url: string, token = CLIENT) =>
  fetch(`${url}/api/client/features`, { headers: { authorization: token, 'unleash-client-spec': '5.2.0' } });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-edge-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: `${CLIENT},${LATE_CLIENT}`,
      INIT_FRONTEND_API_TOKENS: FRONTEND,
    },
    300_000,
  );
  admin = adminClient(server.url, ADMIN);
  await admin.createFlag('checkout');
  await admin.addStrategy('checkout', 'development', {
    name: 'flexibleRollout',
    parameters: { rollout: '100', stickiness: 'userId', groupId: 'checkout' },
    variants: [
      {
        name: 'blue',
        weight: 1000,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'string', value: 'navy' },
      },
    ],
  });
  await admin.setEnabled('checkout', 'development', true);
  await admin.createFlag('later');
  await admin.addStrategy('later', 'development', { name: 'default' });
  edge = await startEdge(
    edgeEnv(server.url, { EDGE_SNAPSHOT_FILE: path.join(dataDir, 'edge', 'snapshot.json') }),
  );
}, 420_000);

afterAll(async () => {
  for (const sdk of sdks) sdk.destroy();
  for (const browser of browsers) browser.stop();
  await OpenFeature.close();
  for (const each of edges) await each.stop();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm run edge', () => {
  it('serves unleash-client flags and variants, and streams a change to it', async () => {
    const sdk = await connect(edge.url);
    expect(sdk.isEnabled('checkout', { userId: 'u1' })).toBe(true);
    expect(sdk.getVariant('checkout', { userId: 'u1' })).toMatchObject({
      name: 'blue',
      enabled: true,
      payload: { type: 'string', value: 'navy' },
    });
    expect(sdk.isEnabled('later')).toBe(false);

    await admin.setEnabled('later', 'development', true);
    // Neither the SDK (60 s) nor the edge (60 s) polls within this bound, so the change came by streaming both
    // hops; the delay itself (well under a second) is measured by `npm run bench -- edge`, not asserted here.
    await until('the change to reach the SDK through the edge', () => sdk.isEnabled('later'), 10_000);
  });

  it('serves unleash-proxy-client from the Frontend API, evaluated at the edge', async () => {
    const browser = new UnleashClient({
      url: `${edge.url}/api/frontend`,
      clientKey: FRONTEND,
      appName: 'edge-browser',
      refreshInterval: 1,
      disableMetrics: true,
      storageProvider: new InMemoryStorageProvider(),
      context: { userId: 'u1' },
    });
    browsers.push(browser);
    const ready = new Promise<void>((resolve, reject) => {
      browser.on('ready', () => resolve());
      browser.on('error', reject);
    });
    await browser.start();
    await ready;
    expect(browser.isEnabled('checkout')).toBe(true);
    expect(browser.getVariant('checkout')).toMatchObject({ name: 'blue', payload: { value: 'navy' } });
  });

  it('lets pages on other origins call the Frontend API and OFREP, not the Client API', async () => {
    const page = 'https://app.example.com';
    const preflight = await fetch(`${edge.url}/api/frontend`, {
      method: 'OPTIONS',
      headers: {
        origin: page,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, unleash-appname',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, unleash-appname');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const answer = await fetch(`${edge.url}/api/frontend?userId=u1`, {
      headers: { origin: page, authorization: FRONTEND },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toBe('ETag');
    const ofrep = await fetch(`${edge.url}/ofrep/v1/evaluate/flags`, {
      method: 'POST',
      headers: { origin: page, authorization: FRONTEND, 'content-type': 'application/json' },
      body: JSON.stringify({ context: { targetingKey: 'u1' } }),
    });
    expect(ofrep.headers.get('access-control-allow-origin')).toBe('*');
    const client = await fetch(`${edge.url}/api/client/features`, {
      headers: { origin: page, authorization: CLIENT },
    });
    expect(client.status).toBe(200);
    expect(client.headers.get('access-control-allow-origin')).toBeNull();

    // CORS_ORIGIN narrows it to the origins listed.
    const narrow = await startEdge(edgeEnv(server.url, { CORS_ORIGIN: 'https://shop.example.com' }));
    const allowed = await fetch(`${narrow.url}/api/frontend`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    const other = await fetch(`${narrow.url}/api/frontend`, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await narrow.stop();
  });

  it('runs from the single-file build (npm run build:edge) with nothing but Node', async () => {
    const file = path.join(dataDir, 'bundle', 'switchyard-edge.mjs');
    const { packages } = await buildEdge(file);
    // The one package it takes in: TypeBox, for the impact-metric wire rule the edge shares with the server.
    expect(packages).toEqual(['typebox']);
    const imports = [...(await readFile(file, 'utf8')).matchAll(/\bfrom\s+"([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name.startsWith('node:'))).toEqual([]);

    const built = await startEdge(edgeEnv(server.url), file);
    await until(
      'the built edge to be ready',
      async () => (await fetch(`${built.url}/internal-backstage/ready`)).ok,
    );
    const answer = await features(built.url);
    expect(answer.status).toBe(200);
    const names = ((await answer.json()) as { features: { name: string }[] }).features.map(
      (flag) => flag.name,
    );
    expect(names).toEqual(expect.arrayContaining(['checkout', 'later']));
    await built.stop();
  });

  it('answers OFREP for the OpenFeature OFREP provider', async () => {
    await OpenFeature.setProviderAndWait(
      'edge',
      new OFREPProvider({ baseUrl: edge.url, headers: [['Authorization', CLIENT]] }),
    );
    const client = OpenFeature.getClient('edge');
    expect(await client.getStringValue('checkout', 'none', { targetingKey: 'u1' })).toBe('navy');
    expect(await client.getBooleanValue('later', false, { targetingKey: 'u1' })).toBe(true);
    const missing = await client.getBooleanDetails('no-such-flag', false, { targetingKey: 'u1' });
    expect(missing.errorCode).toBe('FLAG_NOT_FOUND');
    const bulk = await fetch(`${edge.url}/ofrep/v1/evaluate/flags`, {
      method: 'POST',
      headers: { authorization: FRONTEND, 'content-type': 'application/json' },
      body: JSON.stringify({ context: { targetingKey: 'u1' } }),
    });
    const etag = bulk.headers.get('etag')!;
    expect((await bulk.json()).flags.map((flag: { key: string }) => flag.key).sort()).toEqual([
      'checkout',
      'later',
    ]);
    const again = await fetch(`${edge.url}/ofrep/v1/evaluate/flags`, {
      method: 'POST',
      headers: { authorization: FRONTEND, 'content-type': 'application/json', 'if-none-match': etag },
      body: JSON.stringify({ context: { targetingKey: 'u1' } }),
    });
    expect(again.status).toBe(304);
  });

  it('validates an unknown token upstream on first use, sees only its projects, and refuses a bad one', async () => {
    const late = await features(edge.url, LATE_CLIENT);
    expect(late.status).toBe(200);
    const body = (await late.json()) as { features: { project: string }[] };
    expect(body.features.length).toBe(2);
    expect(body.features.every((feature) => feature.project === 'default')).toBe(true);
    expect((await features(edge.url, 'default:development.not-a-token')).status).toBe(401);
    expect((await features(edge.url, FRONTEND)).status).toBe(403);
  });

  it("refuses a malformed escape in a flag name with a 400 on every SDK path, with the server's security headers", async () => {
    for (const [method, path, token] of [
      ['GET', '/api/client/features/%E0%A4%A', CLIENT],
      ['GET', '/api/frontend/features/%E0%A4%A', FRONTEND],
      ['POST', '/ofrep/v1/evaluate/flags/%E0%A4%A', FRONTEND],
    ] as const) {
      const answer = await fetch(`${edge.url}${path}`, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ context: {} }) } : {}),
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(await answer.json()).toMatchObject({ name: 'BadDataError' });
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('answers a poll with the same ETag with 304', async () => {
    const first = await features(edge.url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${edge.url}/api/client/features`, {
      headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('forwards SDK metrics and registrations upstream in batches', async () => {
    const sdk = await connect(edge.url, { appName: 'edge-metrics-app', instanceId: 'metrics-1' });
    for (let i = 0; i < 5; i++) sdk.isEnabled('checkout', { userId: `m${i}` });
    await until(
      'the counts to arrive upstream',
      async () => {
        const response = await fetch(`${server.url}/api/admin/client-metrics/features/checkout/raw`, {
          headers: { authorization: ADMIN },
        });
        const rows = ((await response.json()) as { data?: { appName: string; yes: number }[] }).data ?? [];
        return rows.some((row) => row.appName === 'edge-metrics-app' && row.yes >= 5);
      },
      20_000,
    );
    const apps = await fetch(`${server.url}/api/admin/metrics/applications`, {
      headers: { authorization: ADMIN },
    });
    const names = ((await apps.json()) as { applications: { appName: string }[] }).applications.map(
      (a) => a.appName,
    );
    expect(names).toContain('edge-metrics-app');
  });

  it('runs behind another edge, with changes streamed through both', async () => {
    const outer = await startEdge(edgeEnv(edge.url));
    const sdk = await connect(outer.url, { appName: 'behind-two-edges' });
    expect(sdk.isEnabled('checkout', { userId: 'u1' })).toBe(true);
    await admin.setEnabled('later', 'development', false);
    await until('the change to cross two edges', () => !sdk.isEnabled('later'));
    expect((await features(outer.url, 'default:development.not-a-token')).status).toBe(401);
  });

  it("serves a project-scoped token only its flags' segments, never a private project's", async () => {
    const { shared, vaultOnly, defaultToken } = await seedPrivateSegments(admin, 'edge');
    type Payload = { features: { name: string; strategies?: unknown[] }[]; segments?: { id: number }[] };
    const payload = async (url: string, token: string) =>
      (await (await features(url, token)).json()) as Payload;
    // Each flag is created, then given its strategy: wait for the strategy, the last of the writes to arrive.
    const withStrategy = (body: Payload, name: string) =>
      body.features.some((f) => f.name === name && (f.strategies?.length ?? 0) > 0);
    // The wide token's state holds the private segment, as it should; the scoped token is served from it.
    await until('the new flags at the edge', async () =>
      withStrategy(await payload(edge.url, CLIENT), 'edge-vault-door'),
    );
    expect(segmentIds(await payload(edge.url, CLIENT))).toEqual(expect.arrayContaining([shared, vaultOnly]));
    await until('the scoped token at the edge', async () =>
      withStrategy(await payload(edge.url, defaultToken), 'edge-door'),
    );
    expect(segmentIds(await payload(edge.url, defaultToken))).toEqual([shared]);
    // The upstream serves it the same.
    expect(segmentIds(await payload(server.url, defaultToken))).toEqual([shared]);
    const headers = { authorization: defaultToken };
    const delta = await (await fetch(`${edge.url}/api/client/delta`, { headers })).json();
    expect(segmentIds(delta.events[0])).toEqual([shared]);
    const stream = await fetch(`${edge.url}/api/client/streaming`, { headers });
    expect(segmentIds(await firstStreamEvent(stream))).toEqual([shared]);
  });

  it('keeps serving when the upstream stops, and after its own restart from the snapshot', async () => {
    // SDKs of the tests above would poll the stopped edge and report it as unhandled errors.
    for (const sdk of sdks.splice(0)) sdk.destroy();
    for (const browser of browsers.splice(0)) browser.stop();
    const before = (await (await features(edge.url)).json()) as {
      features: { name: string; enabled: boolean }[];
    };
    await server.stop();
    const during = await features(edge.url);
    expect(during.status).toBe(200);
    expect(((await during.json()) as typeof before).features).toEqual(before.features);

    await edge.stop();
    const restarted = await startEdge(
      edgeEnv(server.url, { EDGE_SNAPSHOT_FILE: path.join(dataDir, 'edge', 'snapshot.json') }),
    );
    const after = await features(restarted.url);
    expect(after.status).toBe(200);
    expect(((await after.json()) as typeof before).features).toEqual(before.features);
    const frontend = await fetch(`${restarted.url}/api/frontend?userId=u1`, {
      headers: { authorization: FRONTEND },
    });
    expect(((await frontend.json()) as { toggles: { name: string }[] }).toggles.map((t) => t.name)).toContain(
      'checkout',
    );
  });
});
