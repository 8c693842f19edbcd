import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenStore } from '../src/features/identity/api-tokens/api-token-store.ts';
import {
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  ADMIN_TOKEN,
  type TestApp,
} from '../src/testing/test-app.ts';

type Operation = { operationId: string; security?: unknown[] };
type Call = { method: string; path: string; op: Operation };

/** The operations anyone may call, listed here so that a new public one is a deliberate change to this test. */
const PUBLIC = [
  'GET /health',
  'GET /ready',
  'GET /internal-backstage/prometheus',
  'POST /auth/simple/login',
  'POST /auth/logout',
  'GET /auth/methods',
  'GET /auth/oidc/login',
  'GET /auth/oidc/callback',
  'GET /invite/{token}/validate',
  'POST /invite/{token}/signup',
  'POST /auth/reset/password-email',
  'GET /auth/reset/validate',
  'POST /auth/reset/validate-password',
  'POST /auth/reset/password',
  'POST /edge/validate',
  'GET /auth/saml/metadata',
  'GET /auth/saml/login',
  'POST /auth/saml/callback',
];

/** Operations that check a token of their own in the route (a signal endpoint's); signal-routes.test.ts covers them. */
const OWN_TOKENS = ['POST /api/signal-endpoint/{name}'];

const EXPIRED_TOKEN = '*:*.expired-admin-token';

let t: TestApp;
let calls: Call[];
beforeAll(async () => {
  t = await createTestApp();
  await createApiTokenStore(t.db).insert({
    secret: EXPIRED_TOKEN,
    tokenName: 'expired',
    type: 'admin',
    environment: '*',
    projects: ['*'],
    expiresAt: new Date(Date.now() - 60_000),
  });
  const doc = (await t.app.inject('/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  calls = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

/** Path parameters filled with plausible values: authentication must refuse before anything is looked up. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'default');
const areaOf = (path: string) =>
  path.startsWith('/api/client')
    ? 'client'
    : path.startsWith('/api/frontend') || path.startsWith('/api/proxy')
      ? 'frontend'
      : path.startsWith('/ofrep/')
        ? 'sdk'
        : path === '/edge/issue-token'
          ? 'signed'
          : 'admin';
const send = (call: Call, authorization?: string) =>
  t.app.inject({
    method: call.method,
    url: concrete(call.path),
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: ['GET', 'HEAD', 'DELETE'].includes(call.method) ? undefined : '{}',
  });

describe('authentication of every operation in openapi.json', () => {
  it('lists exactly the public operations as needing no credentials', () => {
    const open = calls.filter((c) => Array.isArray(c.op.security) && c.op.security.length === 0);
    expect(open.map((c) => `${c.method} ${c.path}`).sort()).toEqual([...PUBLIC].sort());
  });

  it('refuses every other operation without credentials, with a garbage token and with an expired token', async () => {
    const protectedCalls = calls.filter(
      (c) => !PUBLIC.includes(`${c.method} ${c.path}`) && !OWN_TOKENS.includes(`${c.method} ${c.path}`),
    );
    expect(protectedCalls.length).toBeGreaterThan(190);
    const wrong: string[] = [];
    for (const call of protectedCalls) {
      for (const [label, authorization] of [
        ['none', undefined],
        ['garbage', 'not-a-token'],
        ['garbage bearer', 'Bearer *:*.0000'],
        ['expired', EXPIRED_TOKEN],
      ] as const) {
        const response = await send(call, authorization);
        if (response.statusCode !== 401)
          wrong.push(`${call.method} ${call.path} (${label}): ${response.statusCode}`);
        else expect(response.json().name).toBe('AuthenticationRequired');
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a token of the wrong type with 403', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter(
      (c) => !PUBLIC.includes(`${c.method} ${c.path}`) && !OWN_TOKENS.includes(`${c.method} ${c.path}`),
    )) {
      const area = areaOf(call.path);
      const others =
        area === 'admin'
          ? [CLIENT_TOKEN, FRONTEND_TOKEN]
          : area === 'client'
            ? [FRONTEND_TOKEN]
            : area === 'sdk'
              ? [ADMIN_TOKEN]
              : area === 'signed'
                ? [ADMIN_TOKEN, CLIENT_TOKEN, FRONTEND_TOKEN]
                : [CLIENT_TOKEN];
      // A signed request takes no token at all: any token is no signature, so 401.
      const expected = area === 'signed' ? 401 : 403;
      for (const token of others) {
        const response = await send(call, token);
        if (response.statusCode !== expected)
          wrong.push(`${call.method} ${call.path} (${token}): ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Every way of spelling a protected path that the router could take for the real one. */
function variants(path: string): string[] {
  const [, first = '', second = '', ...rest] = path.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const encode = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const encodeLast = (segment: string) =>
    `${segment.slice(0, -1)}%${segment
      .charCodeAt(segment.length - 1)
      .toString(16)
      .toUpperCase()}`;
  return [
    `/${first}/${encode(second!)}${tail}`,
    `/${encode(first!)}/${second}${tail}`,
    `/${first}/${encodeLast(second!)}${tail}`,
    `//${first}/${second}${tail}`,
    `/${first}//${second}${tail}`,
    `/${first}/${second}//${tail.slice(1)}`,
    `/${first}/./${second}${tail}`,
    `/x/../${first}/${second}${tail}`,
    `/${first}/${second}/%2e/${tail.slice(1)}`,
    `/${first}/x/%2E%2E/${second}${tail}`,
    `/${first.toUpperCase()}/${second}${tail}`,
    `/${first}/${second!.toUpperCase()}${tail}`,
    `/${first}/${second![0]!.toUpperCase()}${second!.slice(1)}${tail}`,
  ];
}

describe('one normalised path decides the route and who may call it', () => {
  const targets = [
    { method: 'POST', path: '/api/admin/user-admin', payload: { username: 'intruder', rootRole: 1 } },
    { method: 'GET', path: '/api/admin/projects' },
    {
      method: 'POST',
      path: '/api/client/register',
      payload: {
        appName: 'a',
        instanceId: 'i',
        interval: 1,
        started: new Date().toISOString(),
        strategies: [],
      },
    },
    {
      method: 'POST',
      path: '/api/client/metrics',
      payload: {
        appName: 'a',
        instanceId: 'i',
        bucket: { start: new Date().toISOString(), stop: new Date().toISOString(), toggles: {} },
      },
    },
    { method: 'GET', path: '/api/client/features' },
    { method: 'POST', path: '/api/frontend', payload: { context: {} } },
    { method: 'GET', path: '/api/frontend' },
    { method: 'GET', path: '/api/admin/ui-config-that-does-not-exist' },
    { method: 'GET', path: '/edge/validate' },
  ];

  it('answers 401 to every variant of every protected prefix without credentials, and changes nothing', async () => {
    const before = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM users');
    const wrong: string[] = [];
    for (const target of targets) {
      for (const url of [target.path, ...variants(target.path)]) {
        const response = await t.app.inject({ method: target.method, url, payload: target.payload });
        if (response.statusCode !== 401) wrong.push(`${target.method} ${url}: ${response.statusCode}`);
        else
          expect(response.json()).toMatchObject({
            name: 'AuthenticationRequired',
            details: [expect.any(Object)],
          });
      }
    }
    expect(wrong).toEqual([]);
    expect(await t.db.query('SELECT count(*) AS n FROM users')).toEqual(before);
  });

  it('routes an equivalent spelling to the same operation once the caller is authenticated', async () => {
    for (const url of ['/api/%61dmin/projects', '//api/admin/projects', '/api/x/../admin/./projects']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: ADMIN_TOKEN } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().projects).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'default' })]),
      );
    }
    const client = await t.app.inject({
      method: 'GET',
      url: '/api/%63lient/features',
      headers: { authorization: CLIENT_TOKEN },
    });
    expect(client.statusCode).toBe(200);
    expect(client.json()).toHaveProperty('features');
  });

  it('does not route a path whose case differs, even for an admin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/API/admin/projects',
      headers: { authorization: ADMIN_TOKEN },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });

  it('answers a malformed URL in the one error format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/projects/%zz' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({
      name: expect.any(String),
      message: expect.any(String),
      details: expect.any(Array),
    });
  });
});

describe("Node's own refusals", () => {
  it('answers headers past the limit with a 431 in the one error format', async () => {
    const own = await createTestApp();
    const app = own.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const { connect } = await import('node:net');
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET /api/admin/projects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
      expect(body).toMatchObject({
        name: 'RequestHeaderFieldsTooLarge',
        details: [{ message: expect.any(String) }],
      });
    } finally {
      await own.close();
    }
  });
});
