import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, signInAtProvider } from '../../../testing/oidc-provider.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const PUBLIC_URL = 'http://switchyard.test';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'switchyard',
    clientSecret: 'switchyard-client-secret',
    redirectUri: CALLBACK,
    accounts: {
      ada: { email: 'Ada@Example.com', name: 'Ada Lovelace' },
      linus: { email: 'linus@example.com', name: 'Linus', groups: ['Checkout-Engineers', 'unmapped'] },
      grace: { email: 'grace@other.test', name: 'Grace Hopper' },
      nomail: { name: 'No Mail' },
      unverified: { email: 'eve@example.com', emailVerified: false },
    },
  });
  t = await createTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'switchyard',
    OIDC_CLIENT_SECRET: 'switchyard-client-secret',
    OIDC_BUTTON_TEXT: 'Sign in with Example SSO',
    OIDC_DEFAULT_ROOT_ROLE: 'Editor',
    OIDC_ALLOWED_DOMAINS: 'example.com',
    PUBLIC_URL,
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** The whole browser round trip: Switchyard → provider sign-in and consent → Switchyard's callback. */
async function signIn(login: string, redirect = '/projects/default') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/auth/oidc/login?redirect=${encodeURIComponent(redirect)}`,
  });
  expect(start.statusCode, start.body).toBe(302);
  expect(start.headers.location).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
  const pending = cookieOf(start, 'switchyard-oidc')!;
  expect(pending.httpOnly).toBe(true);
  const back = await signInAtProvider(start.headers.location as string, login, CALLBACK);
  const callback = await t.app.inject({
    method: 'GET',
    url: back.slice(PUBLIC_URL.length),
    cookies: { 'switchyard-oidc': pending.value },
  });
  return { start, callback };
}

describe('single sign-on with OpenID Connect', () => {
  it('tells the sign-in page which methods there are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/methods' });
    expect(response.json()).toEqual({
      password: true,
      oidc: { buttonText: 'Sign in with Example SSO', path: '/auth/oidc/login' },
      saml: null,
    });
  });

  it('asks the provider for a code with PKCE, state and nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/login' });
    const url = new URL(start.headers.location as string);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'switchyard',
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
  });

  it('creates a user with the default role on the first sign-in and signs them in', async () => {
    const { callback } = await signIn('ada');
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/projects/default');
    const session = cookieOf(callback, 'switchyard-session')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'switchyard-session': session.value },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      rootRoleName: 'Editor',
    });
    const [event] = await t.db.query<{ data: { source: string } }>(
      "SELECT data FROM events WHERE type = 'user-created' ORDER BY id DESC LIMIT 1",
    );
    expect(event!.data.source).toBe('oidc');
  });

  it('signs an existing user in as themselves, keeping their role', async () => {
    const users = async () => (await t.db.query('SELECT id FROM users WHERE NOT is_service')).length;
    const before = await users();
    const { callback } = await signIn('ada', '/segments');
    expect(callback.headers.location).toBe('/segments');
    expect(await users()).toBe(before);
  });

  it('refuses, with a message for the sign-in page, what it must not let in', async () => {
    const cases: [string, RegExp][] = [
      ['grace', /People from other\.test cannot get an account here/],
      ['nomail', /did not share an email address/],
      ['unverified', /has not verified eve@example\.com/],
    ];
    for (const [login, message] of cases) {
      const before = await t.db.query('SELECT id FROM users ORDER BY id');
      const { callback } = await signIn(login);
      expect(callback.statusCode).toBe(302);
      const location = new URL(callback.headers.location as string, PUBLIC_URL);
      expect(location.pathname).toBe('/');
      expect(location.searchParams.get('sso-error')).toMatch(message);
      expect(cookieOf(callback, 'switchyard-session')).toBeUndefined();
      expect(await t.db.query('SELECT id FROM users ORDER BY id')).toEqual(before);
    }
  });

  it('refuses a callback without the cookie its sign-in started with, or with a state that does not match', async () => {
    const { start } = await signIn('ada');
    const back = await signInAtProvider(start.headers.location as string, 'ada', CALLBACK);
    const withoutCookie = await t.app.inject({ method: 'GET', url: back.slice(PUBLIC_URL.length) });
    expect(
      new URL(withoutCookie.headers.location as string, PUBLIC_URL).searchParams.get('sso-error'),
    ).toMatch(/took too long or started in another browser/);
    // The cookie of another sign-in: its state does not match this answer.
    const other = await t.app.inject({ method: 'GET', url: '/auth/oidc/login' });
    const mismatched = await t.app.inject({
      method: 'GET',
      url: back.slice(PUBLIC_URL.length),
      cookies: { 'switchyard-oidc': cookieOf(other, 'switchyard-oidc')!.value },
    });
    expect(new URL(mismatched.headers.location as string, PUBLIC_URL).searchParams.get('sso-error')).toMatch(
      /could not be completed/,
    );
    expect(cookieOf(mismatched, 'switchyard-session')).toBeUndefined();
  });

  it('reports a refusal by the provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/login' });
    const callback = await t.app.inject({
      method: 'GET',
      url: '/auth/oidc/callback?error=access_denied&error_description=User%20cancelled',
      cookies: { 'switchyard-oidc': cookieOf(start, 'switchyard-oidc')!.value },
    });
    expect(new URL(callback.headers.location as string, PUBLIC_URL).searchParams.get('sso-error')).toBe(
      'The provider did not sign you in: User cancelled',
    );
  });

  it('only ever lands on a path inside Switchyard, whatever the redirect asked for', async () => {
    const landings: Record<string, unknown> = {};
    for (const redirect of [
      '/projects/default',
      '/\t/evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/projects\nSet-Cookie: x=1',
    ]) {
      const { callback } = await signIn('ada', redirect);
      landings[redirect] = [callback.statusCode, callback.headers.location];
    }
    expect(landings).toEqual({
      '/projects/default': [302, '/projects/default'],
      '/\t/evil.example': [302, '/'],
      '//evil.example': [302, '/'],
      '/\\evil.example': [302, '/'],
      'https://evil.example': [302, '/'],
      '/projects\nSet-Cookie: x=1': [302, '/'],
    });
  });

  it('checks the landing path again when the pending sign-in comes back altered', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/login' });
    const pending = JSON.parse(
      Buffer.from(cookieOf(start, 'switchyard-oidc')!.value, 'base64url').toString('utf8'),
    ) as Record<string, string>;
    const back = await signInAtProvider(start.headers.location as string, 'ada', CALLBACK);
    const tampered = Buffer.from(JSON.stringify({ ...pending, redirect: '/\t/evil.example' })).toString(
      'base64url',
    );
    const callback = await t.app.inject({
      method: 'GET',
      url: back.slice(PUBLIC_URL.length),
      cookies: { 'switchyard-oidc': tampered },
    });
    expect([callback.statusCode, callback.headers.location]).toEqual([302, '/']);
  });
});

describe('without single sign-on configured', () => {
  it('says so, and its sign-in operations answer 404', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/auth/methods' })).json()).toEqual({
        password: true,
        oidc: null,
        saml: null,
      });
      const start = await plain.app.inject({ method: 'GET', url: '/auth/oidc/login' });
      expect([start.statusCode, start.json().name]).toEqual([404, 'NotFoundError']);
    } finally {
      await plain.close();
    }
  });
});

describe('with the settings saved through the Admin API', () => {
  it('signs in with the client secret stored sealed, opened only to call the provider', async () => {
    const saved = await createTestApp({ PUBLIC_URL });
    try {
      const settings = await saved.admin({
        method: 'POST',
        url: '/api/admin/auth/oidc/settings',
        payload: {
          enabled: true,
          discoverUrl: provider.issuer,
          clientId: 'switchyard',
          secret: 'switchyard-client-secret',
          autoCreate: true,
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const [row] = await saved.db.query<{ value: { clientSecret: string } }>(
        `SELECT value FROM settings WHERE name = 'sso-oidc'`,
      );
      expect(row!.value.clientSecret).toMatch(/^sealed:v1:/);
      expect(JSON.stringify(row)).not.toContain('switchyard-client-secret');

      const start = await saved.app.inject({ method: 'GET', url: '/auth/oidc/login' });
      expect(start.statusCode, start.body).toBe(302);
      const back = await signInAtProvider(start.headers.location as string, 'grace', CALLBACK);
      // The provider checks the client secret at its token endpoint: the sealed form would be refused there.
      const callback = await saved.app.inject({
        method: 'GET',
        url: back.slice(PUBLIC_URL.length),
        cookies: { 'switchyard-oidc': cookieOf(start, 'switchyard-oidc')!.value },
      });
      expect(callback.statusCode, callback.body).toBe(302);
      expect(callback.headers.location).toBe('/');
      expect(cookieOf(callback, 'switchyard-session')).toBeDefined();
    } finally {
      await saved.close();
    }
  });
});

describe('group sync at sign-in', () => {
  it('joins the groups mapped to the provider groups claim and leaves them when the claim no longer names them', async () => {
    const synced = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Checkout team', mappingsSSO: ['checkout-engineers'] },
      })
    ).json();
    const manual = (
      await t.admin({ method: 'POST', url: '/api/admin/groups', payload: { name: 'Hand-picked' } })
    ).json();
    const members = async (id: number) =>
      (await t.admin({ method: 'GET', url: `/api/admin/groups/${id}` }))
        .json()
        .users.map((u: { user: { email: string } }) => u.user.email);

    expect((await signIn('linus')).callback.statusCode).toBe(302);
    expect(await members(synced.id)).toEqual(['linus@example.com']);
    const linus = (await t.admin({ method: 'GET', url: '/api/admin/user-admin' }))
      .json()
      .users.find((u: { email: string }) => u.email === 'linus@example.com');
    await t.admin({
      method: 'PUT',
      url: `/api/admin/groups/${manual.id}`,
      payload: { name: 'Hand-picked', users: [{ user: { id: linus.id } }] },
    });

    provider.accounts.linus!.groups = ['someone-else'];
    expect((await signIn('linus')).callback.statusCode).toBe(302);
    expect(await members(synced.id)).toEqual([]);
    // A membership an admin gave by hand is not sync's to take away.
    expect(await members(manual.id)).toEqual(['linus@example.com']);

    // A provider that stops sending the claim changes nothing.
    provider.accounts.linus!.groups = ['checkout-engineers'];
    await signIn('linus');
    delete provider.accounts.linus!.groups;
    await signIn('linus');
    expect(await members(synced.id)).toEqual(['linus@example.com']);
    const types = (
      await t.db.query<{ type: string }>(`SELECT type FROM events WHERE type LIKE 'group-user-%' ORDER BY id`)
    ).map((e) => e.type);
    expect(types).toEqual(['group-user-added', 'group-user-removed', 'group-user-added']);
  });
});

describe('login history', () => {
  it('records single sign-ons that worked and those refused, with the email the provider gave', async () => {
    const events = (await t.admin({ method: 'GET', url: '/api/admin/logins?limit=10000' })).json().events as {
      username: string | null;
      auth_type: string;
      successful: boolean;
      failure_reason: string;
    }[];
    const oidc = events.filter((e) => e.auth_type === 'oidc');
    expect(oidc).toContainEqual(
      expect.objectContaining({ username: 'ada@example.com', successful: true, failure_reason: null }),
    );
    expect(oidc).toContainEqual(
      expect.objectContaining({
        username: 'grace@other.test',
        successful: false,
        failure_reason: expect.stringMatching(/People from other\.test cannot get an account here/),
      }),
    );
  });
});
