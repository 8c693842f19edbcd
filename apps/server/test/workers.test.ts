import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Unleash } from 'unleash-client';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { firstStreamEvent, seedPrivateSegments, segmentIds } from '../src/testing/private-segments.ts';
import {
  ALLOWED_REFUSALS,
  loadSpec,
  readSpec,
  specFiles,
  type AdminCall,
} from '../src/testing/client-spec.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

/**
 * The server with WORKERS=2 (cluster/): the workers answer SDKs as the primary does, hear of changes within a
 * second, stop honouring a deleted token, are replaced when killed without SDKs noticing, and metrics sent to
 * any of them are counted once.
 */
const ADMIN = '*:*.workers-admin';
const CLIENT = '*:development.workers-client';
const FRONTEND = '*:development.workers-frontend';

let server: ServerProcess;
let dataDir: string;
let primaryUrl: string;
let admin: ReturnType<typeof adminClient>;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request on a connection of its own, so that consecutive calls reach the workers in turn. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 5_000): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
};

const workerPids = (): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

/** Whether every worker (asked `rounds` times, each on a new connection) serves what the primary serves. */
async function workersCurrent(rounds = 4): Promise<boolean> {
  const headers = { authorization: CLIENT };
  const primary = await call(`${primaryUrl}/api/client/features`, { headers });
  for (let i = 0; i < rounds; i++) {
    const worker = await call(`${server.url}/api/client/features`, { headers });
    if (worker.headers.etag !== primary.headers.etag) return false;
  }
  // On PostgreSQL the primary hears of its own writes by NOTIFY too: equal but stale is not current.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await call(`${primaryUrl}/api/client/features`, { headers });
  return again.headers.etag === primary.headers.etag;
}

const frontend = (base: string, context: Record<string, unknown>, token = FRONTEND) =>
  call(`${base}/api/frontend`, {
    method: 'POST',
    headers: { authorization: token, 'x-forwarded-for': '192.0.2.254' },
    body: { context },
  });

/** Sends bytes as they are and returns everything the server writes back before it closes (or 5 s pass). */
function rawRequest(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  // Workers are forked from the bundle `npm run server` runs.
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '..') });
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-workers-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      WORKERS: '2',
      TRUST_PROXY: 'true',
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
      INIT_FRONTEND_API_TOKENS: FRONTEND,
    },
    60_000,
    'bundle',
  );
  primaryUrl = /primary process listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())![1]!;
  admin = adminClient(server.url, ADMIN);
}, 90_000);

afterAll(async () => {
  const code = await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (server) expect(code).toBe(0);
});

describe('WORKERS=2', () => {
  it('runs two workers beside the primary, which listens on loopback only', () => {
    expect(workerPids()).toHaveLength(2);
    expect(primaryUrl).not.toBe(server.url);
  });

  it('answers every client-specification case through the Frontend API as the primary does', async () => {
    const adminCall: AdminCall = async (options) => {
      const answer = await call(`${server.url}${options.url}`, {
        method: options.method,
        headers: { authorization: ADMIN },
        body: options.payload,
      });
      return { statusCode: answer.status, body: answer.body, json: () => JSON.parse(answer.body) };
    };
    const refusals: string[] = [];
    let cases = 0;
    for (const file of specFiles) {
      const spec = readSpec(file);
      const refused = await loadSpec(adminCall, spec, refusals);
      expect(
        [...refused].filter((name) => !ALLOWED_REFUSALS.has(name)),
        spec.name,
      ).toEqual([]);
      await until(`${spec.name} on every worker`, () => workersCurrent());
      type Toggle = { name: string; enabled: boolean; variant: { name: string } };
      const both = async (context: Record<string, unknown>) => {
        const answers = await Promise.all([frontend(server.url, context), frontend(primaryUrl, context)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        return answers.map((answer) => JSON.parse(answer.body).toggles as Toggle[]);
      };
      // The flag a case names must agree with the primary and the file (other flags of a file may roll out at
      // random, and a variant is random without a stickiness value in the context).
      for (const test of spec.tests ?? []) {
        if (refused.has(test.toggleName)) continue;
        const [fromWorker, fromPrimary] = await both(test.context);
        const enabled = (toggles: Toggle[]) =>
          toggles.some((toggle) => toggle.name === test.toggleName && toggle.enabled);
        expect(enabled(fromWorker!), `${spec.name}: ${test.description}`).toBe(enabled(fromPrimary!));
        expect(enabled(fromWorker!), `${spec.name}: ${test.description}`).toBe(test.expectedResult);
        cases++;
      }
      for (const test of spec.variantTests ?? []) {
        if (refused.has(test.toggleName)) continue;
        const [fromWorker, fromPrimary] = await both(test.context);
        const variantOf = (toggles: Toggle[]) =>
          toggles.find((toggle) => toggle.name === test.toggleName)?.variant.name ?? 'disabled';
        expect(variantOf(fromWorker!), `${spec.name}: ${test.description}`).toBe(variantOf(fromPrimary!));
        expect(variantOf(fromWorker!), `${spec.name}: ${test.description}`).toBe(test.expectedResult.name);
        cases++;
      }
      // Each file starts from nothing: flags archived and deleted, then their segments.
      const names = (spec.state.features ?? [])
        .map((feature) => feature.name)
        .filter((name) => !refused.has(name));
      const loaded = (await admin.call('GET', '/api/admin/projects/default/features')).features.map(
        (feature: { name: string }) => feature.name,
      );
      if (loaded.length) {
        await admin.call('POST', '/api/admin/projects/default/archive', { features: loaded });
        await admin.call('POST', '/api/admin/projects/default/delete', { features: loaded });
      }
      for (const segment of (await admin.call('GET', '/api/admin/segments')).segments)
        await admin.call('DELETE', `/api/admin/segments/${segment.id}`);
      expect(names.length).toBeGreaterThanOrEqual(0);
    }
    expect(cases).toBeGreaterThan(240);
  }, 300_000);

  it('serves a change on every worker by the time the request that made it is answered', async () => {
    await admin.createFlag('spreads');
    await admin.addStrategy('spreads', 'development', { name: 'default' });
    for (const on of [true, false, true]) {
      await admin.setEnabled('spreads', 'development', on);
      for (let i = 0; i < 4; i++) {
        const toggles = JSON.parse((await frontend(server.url, {})).body).toggles as { name: string }[];
        expect(toggles.some((toggle) => toggle.name === 'spreads')).toBe(on);
      }
    }
  });

  it('answers with the same headers as the primary, CORS included', async () => {
    const headers = { authorization: FRONTEND, origin: 'https://app.example.com' };
    const fromWorker = await call(`${server.url}/api/frontend`, { headers });
    const fromPrimary = await call(`${primaryUrl}/api/frontend`, { headers });
    for (const name of [
      'access-control-allow-origin',
      'access-control-expose-headers',
      'x-content-type-options',
      'x-frame-options',
      'etag',
      'cache-control',
    ])
      expect(fromWorker.headers[name], name).toEqual(fromPrimary.headers[name]);
  });

  it("relays the primary's refusal of a body too large, not a broken pipe, and the malformed-escape 400", async () => {
    const body = `{"name":"${'a'.repeat(6 * 1024 * 1024)}"}`;
    for (const base of [server.url, primaryUrl]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const refused = await fetch(`${base}/api/admin/projects/default/features`, {
          method: 'POST',
          headers: { authorization: ADMIN, 'content-type': 'application/json' },
          body,
        });
        expect({ base, status: refused.status }).toEqual({ base, status: 413 });
        expect(await refused.json()).toMatchObject({
          name: 'BadDataError',
          message: 'Request body is too large',
        });
      }
      const malformed = await fetch(`${base}/api/client/features/%E0%A4%A`, {
        headers: { authorization: CLIENT },
      });
      expect({ base, status: malformed.status }).toEqual({ base, status: 400 });
      // A request line too long for Node's parser: the same 431 in the one format, not a reset connection.
      const long = await rawRequest(
        base,
        `GET /api/client/features?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect({ base, head: long.split('\r\n')[0] }).toEqual({
        base,
        head: 'HTTP/1.1 431 Request Header Fields Too Large',
      });
      expect(long).toContain('"name":"RequestHeaderFieldsTooLarge"');
    }
  });

  it('stops honouring a deleted token on every worker', async () => {
    const created = await admin.call('POST', '/api/admin/api-tokens', {
      tokenName: 'short-lived',
      type: 'frontend',
      environment: 'development',
      projects: ['*'],
    });
    for (let i = 0; i < 4; i++) expect((await frontend(server.url, {}, created.secret)).status).toBe(200);
    await admin.call('DELETE', `/api/admin/api-tokens/${encodeURIComponent(created.secret)}`);
    for (let i = 0; i < 4; i++) expect((await frontend(server.url, {}, created.secret)).status).toBe(401);
  });

  it('counts metrics sent to any worker once', async () => {
    await admin.createFlag('counted');
    const sends = 10;
    for (let i = 0; i < sends; i++) {
      const answer = await call(`${server.url}/api/client/metrics`, {
        method: 'POST',
        headers: { authorization: CLIENT },
        body: {
          appName: 'counted-app',
          instanceId: `instance-${i}`,
          bucket: {
            start: new Date().toISOString(),
            stop: new Date().toISOString(),
            toggles: { counted: { yes: 1, no: 0 } },
          },
        },
      });
      expect(answer.status).toBeLessThan(300);
    }
    await until('the counts stored', async () => {
      const raw = await admin.call('GET', '/api/admin/client-metrics/features/counted/raw');
      const yes = (raw.data as { appName: string; yes: number }[])
        .filter((row) => row.appName === 'counted-app')
        .reduce((sum, row) => sum + row.yes, 0);
      if (yes > sends) throw new Error(`counted ${yes} of ${sends}`);
      return yes === sends;
    });
  });

  it("serves a project-scoped token only its flags' segments on every worker, never a private project's", async () => {
    const { shared, defaultToken } = await seedPrivateSegments(admin, 'workers');
    const headers = { authorization: defaultToken, 'unleash-client-spec': '5.2.0' };
    type Payload = { features: { name: string; strategies?: unknown[] }[]; segments?: { id: number }[] };
    const poll = async (base: string) =>
      JSON.parse((await call(`${base}/api/client/features`, { headers })).body) as Payload;
    // The flag is created, then given its strategy: wait for the strategy, the last of the writes to arrive.
    const withStrategy = (body: Payload) =>
      body.features.some((f) => f.name === 'workers-door' && (f.strategies?.length ?? 0) > 0);
    await until('the new flag on every worker', async () => {
      for (let i = 0; i < 4; i++) if (!withStrategy(await poll(server.url))) return false;
      return true;
    });
    for (let i = 0; i < 4; i++) expect(segmentIds(await poll(server.url))).toEqual([shared]);
    expect(segmentIds(await poll(primaryUrl))).toEqual([shared]);
    for (let i = 0; i < 2; i++) {
      const delta = JSON.parse((await call(`${server.url}/api/client/delta`, { headers })).body);
      expect(segmentIds(delta.events[0])).toEqual([shared]);
      const stream = await fetch(`${server.url}/api/client/streaming`, { headers });
      expect(segmentIds(await firstStreamEvent(stream))).toEqual([shared]);
    }
  });

  it('replaces a killed worker while SDKs keep working without an error', async () => {
    await admin.createFlag('survivor');
    await admin.addStrategy('survivor', 'development', { name: 'default' });
    const errors: unknown[] = [];
    const sdk = new Unleash({
      url: `${server.url}/api/`,
      appName: 'survivor-app',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 100,
      disableMetrics: true,
      storageProvider: { set: async () => undefined, get: async () => undefined } as never,
    });
    sdk.on('error', (error) => errors.push(error));
    const browser = new UnleashClient({
      url: `${server.url}/api/frontend`,
      clientKey: FRONTEND,
      appName: 'survivor-browser',
      refreshInterval: 1,
      disableMetrics: true,
      storageProvider: new InMemoryStorageProvider(),
    });
    browser.on('error', (error: unknown) => errors.push(error));
    try {
      await new Promise((resolve) => sdk.once('synchronized', resolve));
      await browser.start();
      const [victim] = workerPids();
      process.kill(victim!, 'SIGKILL');
      await until(
        'a new worker',
        async () => workerPids().length === 2 && !workerPids().includes(victim!),
        10_000,
      );
      // A fresh connection: the test's own pooled ones may have gone with the killed worker.
      const on = await call(
        `${server.url}/api/admin/projects/default/features/survivor/environments/development/on`,
        {
          method: 'POST',
          headers: { authorization: ADMIN },
        },
      );
      expect(on.status).toBe(200);
      await until('the Node SDK sees the change', async () => sdk.isEnabled('survivor'), 5_000);
      await until('the browser SDK sees the change', async () => browser.isEnabled('survivor'), 5_000);
      expect(errors).toEqual([]);
    } finally {
      sdk.destroy();
      browser.stop();
    }
  }, 30_000);
});
