import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startOidcProvider } from '../src/testing/oidc-provider.ts';
import { freePort, startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../src/testing/smtp-server.ts';

/**
 * BASE_URI_PATH=/unleash on the real server, alone and with workers: every API answers under the prefix and
 * nothing outside it, the official Node SDK and the fast path serve flags, and what the server hands browsers
 * (cookies, redirects, sign-in paths, email links, the OIDC redirect URI, ui-config) carries the prefix.
 */
const ADMIN = '*:*.base-path-admin';
const CLIENT = '*:development.base-path-client';
const FRONTEND = '*:development.base-path-frontend';

let smtp: TestSmtpServer;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  oidc = await startOidcProvider({
    clientId: 'switchyard',
    clientSecret: 'base-path-secret',
    redirectUri: 'http://localhost/unleash/auth/oidc/callback',
    accounts: {},
  });
});
afterAll(async () => {
  await smtp?.close();
  await oidc?.stop();
});

/** A GET with the path exactly as written (fetch would resolve `..` itself). */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/`, { path: rawPath, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe.each([
  { workers: '1', flag: 'checkout-alone' },
  { workers: '2', flag: 'checkout-workers' },
])('BASE_URI_PATH=/unleash with WORKERS=$workers', { timeout: 60_000 }, ({ workers, flag }) => {
  let server: ServerProcess;
  let dataDir: string;
  let origin: string;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-base-path-'));
    port = await freePort();
    server = await startServerProcess(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        WORKERS: workers,
        BASE_URI_PATH: 'unleash/',
        INIT_ADMIN_API_TOKENS: ADMIN,
        INIT_CLIENT_API_TOKENS: CLIENT,
        INIT_FRONTEND_API_TOKENS: FRONTEND,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: 'switchyard',
        OIDC_CLIENT_SECRET: 'base-path-secret',
        ...smtp.env,
      },
      60_000,
    );
    origin = new URL(server.url).origin;
    const admin = adminClient(server.url, ADMIN);
    await admin.createFlag(flag);
    await admin.addStrategy(flag, 'development', { name: 'default' });
    await admin.setEnabled(flag, 'development', true);
  }, 90_000);
  afterAll(async () => {
    const code = await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (server) expect(code).toBe(0);
  });

  it('answers health, readiness and the backstage under the prefix, and nothing outside it', async () => {
    expect(server.url).toBe(`${origin}/unleash`);
    for (const url of ['/health', '/ready', '/internal-backstage/prometheus'])
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(200);
    for (const rawPath of [
      '/health',
      '/api/client/features',
      '/unleashed/health',
      '/unleash/../health',
      '/',
    ]) {
      const answer = await rawGet(origin, rawPath);
      expect(answer.status, rawPath).toBe(404);
      expect(JSON.parse(answer.body), rawPath).toMatchObject({ name: 'NotFoundError' });
    }
    // The prefix alone is the admin UI's root, as `/unleash/` is.
    expect((await rawGet(origin, '/unleash')).status).toBe(200);
  });

  it('serves the official Node SDK, and the same payload again from the fast path', async () => {
    const unleash = new Unleash({
      url: `${server.url}/api/`,
      appName: 'base-path-test',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 1000,
      disableMetrics: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        unleash.once('synchronized', resolve);
        unleash.once('error', reject);
      });
      expect(unleash.isEnabled(flag)).toBe(true);
    } finally {
      unleash.destroy();
    }
    const poll = () => fetch(`${server.url}/api/client/features`, { headers: { authorization: CLIENT } });
    const [first, second] = [await poll(), await poll()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
  });

  it('answers the Frontend API, OFREP and the Edge API under the prefix', async () => {
    const post = (url: string, body: unknown, authorization = FRONTEND) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const frontend = await post('/api/frontend', { context: {} });
    expect(frontend.status).toBe(200);
    expect((await frontend.json()).toggles.map((toggle: { name: string }) => toggle.name)).toContain(flag);
    const ofrep = await post('/ofrep/v1/evaluate/flags', { context: { targetingKey: 'u1' } });
    expect(ofrep.status).toBe(200);
    const edge = await post('/edge/validate', { tokens: [CLIENT] }, CLIENT);
    expect(edge.status).toBe(200);
    expect((await edge.json()).tokens).toHaveLength(1);
  });

  it('tells the admin UI its base path and public address', async () => {
    const answer = await fetch(`${server.url}/api/admin/ui-config`, { headers: { authorization: ADMIN } });
    expect(await answer.json()).toMatchObject({
      baseUriPath: '/unleash',
      unleashUrl: `http://localhost:${port}/unleash`,
    });
  });

  it('sets the session cookie under the prefix and hands out sign-in paths under it', async () => {
    const login = await fetch(`${server.url}/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/switchyard-session=[^;]+;.*Path=\/unleash(;|$)/);
    const methods = await (await fetch(`${server.url}/auth/methods`)).json();
    expect(methods.oidc.path).toBe('/unleash/auth/oidc/login');
    const refused = await fetch(`${server.url}/api/admin/projects`);
    expect(refused.status).toBe(401);
    expect((await refused.json()).path).toBe('/unleash/auth/simple/login');
  });

  it('sends the OIDC provider a redirect URI under the prefix, and redirects back under it', async () => {
    const start = await fetch(`${server.url}/auth/oidc/login?redirect=/projects`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const toProvider = new URL(start.headers.get('location')!);
    expect(toProvider.origin).toBe(oidc.issuer);
    expect(toProvider.searchParams.get('redirect_uri')).toBe(
      `http://localhost:${port}/unleash/auth/oidc/callback`,
    );
    expect(start.headers.get('set-cookie')).toMatch(/Path=\/unleash\/auth\/oidc(;|$)/);
    // Back without the sign-in's cookie: to the sign-in page with the reason, under the prefix.
    const back = await fetch(`${server.url}/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^\/unleash\/\?sso-error=/);
  });

  it('links to the prefix in emails', async () => {
    const email = `${flag}@example.com`;
    await adminClient(server.url, ADMIN).call('POST', '/api/admin/user-admin', {
      email,
      name: 'Wendy',
      rootRole: 3,
    });
    const received = await smtp.next(email);
    expect(received.text).toContain(`http://localhost:${port}/unleash/new-user?token=`);
  });
});
