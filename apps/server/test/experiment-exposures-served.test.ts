import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startEdgeProcess } from '../src/testing/edge-process.ts';
import { startServerProcess } from '../src/testing/server-process.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN } from '../src/testing/test-app.ts';

/**
 * Exposures of requests answered from memory by worker processes (WORKERS=2) and by Switchyard Edge reach the
 * experiment's results (decision record 0050): the official browser SDK fetches its flags from the public port of
 * a server whose workers answer the Frontend API, and from an edge in front of a server; each user counts once
 * however often it fetches.
 */
const USERS = 60;
const ADMIN = '*:*.served-exposures-admin';
const FRONTEND = '*:development.served-exposures-frontend';
const VARIANTS = ['control', 'treatment'].map((name) => ({
  name,
  weight: 500,
  weightType: 'variable',
  stickiness: 'default',
}));
const experiments = (flag: string) =>
  `/api/admin/projects/default/features/${flag}/environments/development/experiments`;

/** What these tests read of the Admin API's answers. */
type Answer = { id: number; variants: { variant: string; users: number }[] };
type Call = (method: string, url: string, body?: unknown) => Promise<Answer>;

async function until<T>(what: string, value: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A flag with two variants and a running experiment on it; returns the experiment's id. */
async function startExperiment(call: Call, flag: string): Promise<number> {
  await call('POST', '/api/admin/projects/default/features', { name: flag });
  const flagPath = `/api/admin/projects/default/features/${flag}/environments/development`;
  await call('POST', `${flagPath}/strategies`, { name: 'default' });
  await call('PUT', `${flagPath}/variants`, VARIANTS);
  await call('POST', `${flagPath}/on`);
  const created = await call('POST', experiments(flag), {
    name: `Exposures of ${flag}`,
    controlVariant: 'control',
    metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary' }],
  });
  await call('POST', `${experiments(flag)}/${created.id}/start`);
  return created.id;
}

const usersOf = async (call: Call, flag: string, id: number): Promise<number> => {
  const results = await call('GET', `${experiments(flag)}/${id}/results`);
  return results.variants.reduce((sum, variant) => sum + variant.users, 0);
};

/** Each user's page load through the browser SDK: one client, its context moved from user to user. */
async function browse(frontendUrl: string, token: string, flag: string, users: string[]): Promise<string[]> {
  const client = new UnleashClient({
    url: frontendUrl,
    clientKey: token,
    appName: 'shop',
    disableRefresh: true,
    disableMetrics: true,
    storageProvider: new InMemoryStorageProvider(),
    context: { userId: users[0] },
  });
  await client.start();
  const seen: string[] = [];
  try {
    for (const [i, userId] of users.entries()) {
      if (i > 0) await client.updateContext({ userId });
      seen.push(client.getVariant(flag).name);
    }
  } finally {
    client.stop();
  }
  return seen;
}

/**
 * Waits until whoever answers knows the experiment runs (one probe user, counted once), then sends every user
 * through the SDK twice and expects each counted once.
 */
async function exposeUsers(options: {
  call: Call;
  frontendUrl: string;
  token: string;
  flag: string;
  id: number;
}) {
  const { call, frontendUrl, token, flag, id } = options;
  let probe = '';
  await until('the probe user counted', async () => {
    probe = (await browse(frontendUrl, token, flag, ['probe']))[0]!;
    return (await usersOf(call, flag, id)) === 1 ? true : undefined;
  });
  const users = Array.from({ length: USERS }, (_, i) => `user-${i}`);
  const variants = await browse(frontendUrl, token, flag, users);
  expect(new Set(variants)).toEqual(new Set(['control', 'treatment']));
  await browse(frontendUrl, token, flag, users);
  await until(`${USERS + 1} users`, async () =>
    (await usersOf(call, flag, id)) === USERS + 1 ? true : undefined,
  );
  // Nothing more arrives later: the second round was deduplicated.
  await new Promise((resolve) => setTimeout(resolve, 600));
  const results = await call('GET', `${experiments(flag)}/${id}/results`);
  const counted = Object.fromEntries(results.variants.map((variant) => [variant.variant, variant.users]));
  // Per variant, exactly the users the SDK was given it.
  const expected: Record<string, number> = { control: 0, treatment: 0 };
  for (const variant of [probe, ...variants]) expected[variant]!++;
  expect(counted).toEqual(expected);
}

describe('exposures answered by worker processes', () => {
  let dataDir: string | undefined;
  let stop: (() => Promise<number | null>) | undefined;
  afterAll(async () => {
    const code = await stop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (stop) expect(code).toBe(0);
  });

  it('records each browser SDK user once, from either worker', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-exposures-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      WORKERS: '2',
      EXPERIMENT_FLUSH_INTERVAL_MS: '100',
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_FRONTEND_API_TOKENS: FRONTEND,
    });
    stop = server.stop;
    expect(server.output()).toMatch(/primary process listening/);
    const call = adminClient(server.url, ADMIN).call;
    const id = await startExperiment(call, 'worker-checkout');
    await exposeUsers({
      call,
      frontendUrl: `${server.url}/api/frontend`,
      token: FRONTEND,
      flag: 'worker-checkout',
      id,
    });
  }, 120_000);
});

describe('exposures answered by Switchyard Edge', () => {
  let closeAll: (() => Promise<void>) | undefined;
  afterAll(() => closeAll?.());

  it('records each browser SDK user of the edge once, upstream', async () => {
    const t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const upstream = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const call: Call = async (method, url, body) => {
      const response = await t.admin({
        method: method as 'GET',
        url,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
      return (response.body ? response.json() : {}) as Answer;
    };
    const id = await startExperiment(call, 'edge-checkout');
    const edge = await startEdgeProcess({
      UPSTREAM_URL: upstream,
      TOKENS: `${CLIENT_TOKEN},${FRONTEND_TOKEN}`,
      FEATURES_REFRESH_INTERVAL_SECONDS: '0.5',
      EXPOSURES_INTERVAL_SECONDS: '0.1',
    });
    closeAll = async () => {
      await edge.stop();
      await t.close();
    };
    await exposeUsers({
      call,
      frontendUrl: `${edge.url}/api/frontend`,
      token: FRONTEND_TOKEN,
      flag: 'edge-checkout',
      id,
    });
  }, 120_000);
});
