import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';

/**
 * With WORKERS=2 the primary hears of each caller through a worker, and TRUST_PROXY decides what it believes of
 * that caller's X-Forwarded-* headers exactly as in a single process: each scenario runs against a server with
 * workers and against an app in this process (both reached from 127.0.0.1), and must come out the same.
 */
const ADMIN = '*:*.trust-proxy-admin';
const LIMIT = 3;
const ENV = { SIGN_IN_FAILURES_PER_IP: String(LIMIT), INIT_ADMIN_API_TOKENS: ADMIN };

type Call = { method?: string; url: string; headers?: Record<string, string>; body?: unknown };
type Answer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};
type Send = (call: Call) => Promise<Answer>;

/** One request on a connection of its own, so that consecutive calls reach the workers in turn. */
const over =
  (base: string): Send =>
  (call) =>
    new Promise<Answer>((resolve, reject) => {
      const body = call.body === undefined ? undefined : JSON.stringify(call.body);
      const outgoing = request(
        `${base}${call.url}`,
        {
          method: call.method ?? 'GET',
          agent: false,
          headers: { ...call.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
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

const injected =
  (t: TestApp): Send =>
  async (call) => {
    const response = await t.app.inject({
      method: (call.method ?? 'GET') as 'GET',
      url: call.url,
      headers: {
        ...call.headers,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };

const signIn = (send: Send, username: string, password: string, headers: Record<string, string> = {}) =>
  send({ method: 'POST', url: '/auth/simple/login', headers, body: { username, password } });

/** The address login history recorded for the attempts with this user name. */
async function recordedIps(send: Send, username: string): Promise<(string | null)[]> {
  const answer = await send({
    url: `/api/admin/logins?q=${encodeURIComponent(username)}`,
    headers: { authorization: ADMIN },
  });
  expect(answer.status, answer.body).toBe(200);
  const events = (JSON.parse(answer.body) as { events: { username: string; ip: string | null }[] }).events;
  return events.filter((event) => event.username === username).map((event) => event.ip);
}

const secureCookie = (answer: Answer) =>
  [answer.headers['set-cookie'] ?? []].flat().some((cookie) => /;\s*secure/i.test(String(cookie)));

/**
 * The scenarios of issue 30, finding 12, run in this order: the right password first, before the per-address
 * limit refuses even that from 127.0.0.1, and the rotating addresses before any other wrong password counts.
 * Login history records the attempts the limit refuses too.
 */
const scenarios = {
  /** A caller's X-Forwarded-Proto decides whether the session cookie is Secure. */
  async forwardedProto(send: Send) {
    const answer = await signIn(send, 'admin', 'unleash4all', { 'x-forwarded-proto': 'https' });
    return { status: answer.status, secure: secureCookie(answer) };
  },
  /** A sign-in posted from another site whose X-Forwarded-Host names that site. */
  async forwardedHost(send: Send) {
    const answer = await signIn(send, 'nobody', 'wrong', {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    return { status: answer.status, refusedAsCrossSite: /another site/.test(answer.body) };
  },
  /** Wrong passwords, each under another user name and another X-Forwarded-For address. */
  async rotatingForwardedFor(send: Send, run: string) {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) {
      const answer = await signIn(send, `rotating-${run}-${i}`, 'wrong', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(answer.status);
    }
    return statuses;
  },
  /** The address login history records for a sign-in that names another in X-Forwarded-For. */
  async loginHistory(send: Send, run: string) {
    const username = `history-${run}`;
    await signIn(send, username, 'wrong', { 'x-forwarded-for': '203.0.113.9' });
    return recordedIps(send, username);
  },
};

type Outcomes = { [name in keyof typeof scenarios]: Awaited<ReturnType<(typeof scenarios)[name]>> };

async function runScenarios(send: Send, run: string): Promise<Outcomes> {
  return {
    forwardedProto: await scenarios.forwardedProto(send),
    forwardedHost: await scenarios.forwardedHost(send),
    rotatingForwardedFor: await scenarios.rotatingForwardedFor(send, run),
    loginHistory: await scenarios.loginHistory(send, run),
  };
}

const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
const apps: TestApp[] = [];

async function inProcess(trustProxy: string): Promise<Send> {
  const t = await createTestApp({ ...ENV, TRUST_PROXY: trustProxy });
  apps.push(t);
  return injected(t);
}

async function withWorkers(trustProxy: string): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-trust-proxy-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess(
    { ...ENV, DATA_DIR: dataDir, WORKERS: '2', TRUST_PROXY: trustProxy },
    90_000,
    'bundle',
  );
  servers.push(server);
  return server;
}

const primaryUrlOf = (server: ServerProcess) =>
  /primary process listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())![1]!;

afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  const codes = await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  expect(codes.every((code) => code === 0)).toBe(true);
});

describe('WORKERS=2 with TRUST_PROXY=false', () => {
  let server: ServerProcess;
  let workers: Outcomes;
  let single: Outcomes;

  beforeAll(async () => {
    server = await withWorkers('false');
    workers = await runScenarios(over(server.url), 'workers');
    single = await runScenarios(await inProcess('false'), 'single');
  }, 150_000);

  it('keeps the session cookie plain when a caller claims https', () => {
    expect(workers.forwardedProto).toEqual({ status: 200, secure: false });
    expect(workers.forwardedProto).toEqual(single.forwardedProto);
  });

  it('records the address the caller connected from in login history, not the one it names', () => {
    expect(workers.loginHistory).toEqual(['127.0.0.1']);
    expect(workers.loginHistory).toEqual(single.loginHistory);
  });

  it('refuses a cross-site sign-in whose X-Forwarded-Host names the other site', () => {
    expect(workers.forwardedHost).toEqual({ status: 403, refusedAsCrossSite: true });
    expect(workers.forwardedHost).toEqual(single.forwardedHost);
  });

  it('counts every wrong password against the one address, whatever X-Forwarded-For says', () => {
    expect(workers.rotatingForwardedFor).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    expect(workers.rotatingForwardedFor).toEqual(single.rotatingForwardedFor);
  });

  it("believes no caller's word for where a request came from, through a worker or straight to the primary", async () => {
    const forged = {
      'x-switchyard-relay': 'not-the-key 203.0.113.66 https',
      'x-forwarded-for': '203.0.113.67',
    };
    for (const [name, base] of [
      ['through-worker', server.url],
      ['to-primary', primaryUrlOf(server)],
    ] as const) {
      await signIn(over(base), `forged-${name}`, 'wrong', forged);
      expect(await recordedIps(over(server.url), `forged-${name}`)).toEqual(['127.0.0.1']);
    }
  });
});

describe('WORKERS=2 with TRUST_PROXY=loopback', () => {
  let workers: Outcomes;
  let single: Outcomes;

  beforeAll(async () => {
    const server = await withWorkers('loopback');
    workers = await runScenarios(over(server.url), 'workers');
    single = await runScenarios(await inProcess('loopback'), 'single');
  }, 150_000);

  it('believes a proxy on the same host about https, the address and the host, as a single process does', () => {
    expect(workers).toEqual({
      forwardedProto: { status: 200, secure: true },
      loginHistory: ['203.0.113.9'],
      // The forwarded host is this server's, so the Origin matches it: only the password is wrong.
      forwardedHost: { status: 401, refusedAsCrossSite: false },
      // Each forwarded address is a caller of its own.
      rotatingForwardedFor: Array<number>(LIMIT + 1).fill(401),
    });
    expect(workers).toEqual(single);
  });
});
