import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtIdp, startSamlIdp, type AnswerChanges, type SamlIdp } from '../../../testing/saml-idp.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const PUBLIC_URL = 'http://switchyard.test';

let idp: SamlIdp;
let t: TestApp;

beforeAll(async () => {
  idp = await startSamlIdp({
    ada: { email: 'Ada@Example.com', name: 'Ada Lovelace' },
    linus: { email: 'linus@example.com', name: 'Linus', groups: ['checkout-engineers', 'unmapped'] },
    grace: { email: 'grace@other.test', name: 'Grace Hopper' },
  });
  t = await createTestApp({ PUBLIC_URL });
  const saved = await t.admin({
    method: 'POST',
    url: '/api/admin/auth/saml/settings',
    payload: {
      enabled: true,
      entityId: idp.entityId,
      signOnUrl: idp.signOnUrl,
      certificate: idp.certificate,
      defaultRootRole: 'Editor',
      emailDomains: 'example.com',
      enableGroupSyncing: true,
      groupJsonPath: 'groups',
      buttonText: 'Sign in with Example SAML',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

/** A browser's cookies, kept from the responses it got, as `inject` takes them. */
type Browser = Record<string, string>;

/** Starts a sign-in in `browser` and goes through the identity provider; returns the form it would post back. */
async function answerFor(login: string, browser: Browser = {}, redirect = '/projects/default') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/auth/saml/login?redirect=${encodeURIComponent(redirect)}`,
    cookies: browser,
  });
  expect(start.statusCode, start.body).toBe(302);
  expect(start.headers.location).toMatch(new RegExp(`^${idp.signOnUrl}\\?SAMLRequest=`));
  for (const cookie of start.cookies) browser[cookie.name] = cookie.value;
  const { acsUrl, form } = await signInAtIdp(start.headers.location as string, login);
  expect(acsUrl).toBe(`${PUBLIC_URL}/auth/saml/callback`);
  return { start, form };
}

/** The browser's round trip: Switchyard → identity provider → the answer posted back to Switchyard. */
async function signIn(login: string, redirect = '/projects/default') {
  const browser: Browser = {};
  const { form } = await answerFor(login, browser, redirect);
  return { form, browser, callback: await post(form, browser) };
}

/** The identity provider's page posts the form from its own site, with the cookies of the browser it is in. */
const post = (form: Record<string, string>, browser: Browser = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/saml/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    cookies: browser,
    payload: new URLSearchParams(form).toString(),
  });

/** Signs in with the identity provider answering as `changes` say, and expects the answer refused. */
async function expectRefusedWith(changes: AnswerChanges) {
  idp.changes = changes;
  try {
    const { callback } = await signIn('ada');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toMatch(/^\/\?sso-error=/);
    expect(sessionOf(callback)).toBeUndefined();
  } finally {
    idp.changes = {};
  }
}

const failureReasons = async () =>
  (await logins()).filter((e) => e.auth_type === 'saml' && !e.successful).map((e) => e.failure_reason);

const sessionOf = (response: Awaited<ReturnType<typeof post>>) =>
  response.cookies.find((cookie) => cookie.name === 'switchyard-session');

const logins = async () =>
  (await t.admin({ method: 'GET', url: '/api/admin/logins?limit=10000' })).json().events as {
    username: string | null;
    auth_type: string;
    successful: boolean;
    failure_reason: string | null;
  }[];

describe('SAML sign-in', () => {
  it('shows the SAML button on the sign-in page', async () => {
    const methods = (await t.app.inject({ method: 'GET', url: '/auth/methods' })).json();
    expect(methods).toEqual({
      password: true,
      oidc: null,
      saml: { buttonText: 'Sign in with Example SAML', path: '/auth/saml/login' },
    });
  });

  it('serves service provider metadata naming the ACS URL and entity ID', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/saml/metadata' });
    expect(response.headers['content-type']).toMatch(/application\/samlmetadata\+xml/);
    expect(response.body).toContain(`entityID="${PUBLIC_URL}/auth/saml/metadata"`);
    expect(response.body).toContain(`Location="${PUBLIC_URL}/auth/saml/callback"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });

  it('creates the user with the default root role on a signed answer, and the session works', async () => {
    const { callback } = await signIn('ada');
    expect(callback.statusCode, callback.body).toBe(303);
    expect(callback.headers.location).toBe('/projects/default');
    const session = sessionOf(callback)!;
    expect(session.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'switchyard-session': session.value },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', rootRole: 2 });
    const [created] = await t.db.query<{ data: { source: string } }>(
      `SELECT data FROM events WHERE type = 'user-created' AND data->>'email' = 'ada@example.com'`,
    );
    expect(created?.data.source).toBe('saml');

    // The second sign-in finds the same user.
    const again = await signIn('ada');
    expect(sessionOf(again.callback)).toBeDefined();
    const users = await t.db.query(`SELECT id FROM users WHERE email = 'ada@example.com'`);
    expect(users).toHaveLength(1);
  });

  it('accepts an answer once', async () => {
    const { form, browser, callback } = await signIn('ada');
    expect(sessionOf(callback)).toBeDefined();
    const replay = await post(form, browser);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toMatch(/^\/\?sso-error=/);
    expect(sessionOf(replay)).toBeUndefined();
  });

  it('refuses an assertion signed with another key', async () => {
    idp.mode = 'wrong-key';
    try {
      const { callback } = await signIn('ada');
      expect(callback.headers.location).toMatch(/^\/\?sso-error=/);
      expect(sessionOf(callback)).toBeUndefined();
    } finally {
      idp.mode = 'signed';
    }
  });

  it('refuses an unsigned assertion', async () => {
    idp.mode = 'unsigned';
    try {
      const { callback } = await signIn('ada');
      expect(callback.headers.location).toMatch(/^\/\?sso-error=/);
      expect(sessionOf(callback)).toBeUndefined();
    } finally {
      idp.mode = 'signed';
    }
  });

  it('refuses an assertion whose issuer is not the configured identity provider', async () => {
    await expectRefusedWith({ assertionIssuer: 'http://127.0.0.1:1/someone-else' });
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/issuer .*someone-else/i));
  });

  it('refuses a response whose issuer is not the configured identity provider', async () => {
    await expectRefusedWith({ responseIssuer: 'http://127.0.0.1:1/response-issuer' });
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/issuer .*response-issuer/i));
  });

  it('refuses a response sent to another Destination', async () => {
    await expectRefusedWith({ destination: 'http://127.0.0.1:1/other-sp/acs' });
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/Destination .*other-sp/));
  });

  it('refuses an assertion for another Recipient', async () => {
    await expectRefusedWith({ recipient: 'http://127.0.0.1:1/other-sp/acs' });
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/Recipient .*other-sp/));
  });

  it('refuses an assertion that names no Recipient', async () => {
    await expectRefusedWith({ recipient: null });
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/Recipient \(none\)/));
  });

  it('accepts a response without Destination or Issuer of its own, which SAML allows', async () => {
    idp.changes = { destination: null, responseIssuer: null };
    try {
      const { callback } = await signIn('ada');
      expect(callback.headers.location).toBe('/projects/default');
      expect(sessionOf(callback)).toBeDefined();
    } finally {
      idp.changes = {};
    }
  });

  it('refuses an answer posted by a browser that did not start the sign-in (login CSRF)', async () => {
    // The attacker signs in at the identity provider in their own browser and keeps the answer...
    const attacker: Browser = {};
    const { form } = await answerFor('linus', attacker);
    // ...which their page makes the victim's browser post: first one that started no sign-in,
    const fresh = await post(form);
    expect(fresh.headers.location).toMatch(/^\/\?sso-error=/);
    expect(sessionOf(fresh)).toBeUndefined();
    // then one in the middle of signing in itself.
    const victim: Browser = {};
    const { form: own } = await answerFor('ada', victim);
    const busy = await post(form, victim);
    expect(busy.headers.location).toMatch(/^\/\?sso-error=/);
    expect(sessionOf(busy)).toBeUndefined();
    // The forged post leaves the victim's own sign-in under way.
    expect(busy.cookies.find((cookie) => cookie.name === 'switchyard-saml')).toBeUndefined();
    expect(sessionOf(await post(own, victim))).toBeDefined();
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/not started in this browser/));
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/another sign-in/));
  });

  it('refuses a sign-in the identity provider starts on its own (unsolicited answer)', async () => {
    // Even in a browser that has a sign-in of its own under way.
    const browser: Browser = {};
    await answerFor('ada', browser);
    const form = idp.unsolicited('ada', {
      entityId: `${PUBLIC_URL}/auth/saml/metadata`,
      acsUrl: `${PUBLIC_URL}/auth/saml/callback`,
    });
    const callback = await post(form, browser);
    expect(callback.headers.location).toMatch(/^\/\?sso-error=/);
    expect(sessionOf(callback)).toBeUndefined();
    expect(await failureReasons()).toContainEqual(expect.stringMatching(/InResponseTo/));
  });

  it('keeps the sign-in in a short-lived HttpOnly cookie for /auth/saml, dropped when the answer comes', async () => {
    const { start, form } = await answerFor('ada');
    const pending = start.cookies.find((cookie) => cookie.name === 'switchyard-saml')!;
    expect(pending).toMatchObject({ httpOnly: true, path: '/auth/saml', maxAge: 600 });
    // Over plain HTTP no SameSite: SameSite=None needs Secure, and Lax stays behind on the provider's cross-site POST.
    expect(pending.sameSite).toBeUndefined();
    const callback = await post(form, { [pending.name]: pending.value });
    expect(sessionOf(callback)).toBeDefined();
    const dropped = callback.cookies.find((cookie) => cookie.name === 'switchyard-saml');
    expect(dropped?.value).toBe('');
  });

  it('marks the cookie SameSite=None and Secure over HTTPS, so the cross-site POST carries it', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/auth/saml/login',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const pending = start.cookies.find((cookie) => cookie.name === 'switchyard-saml');
    expect(pending).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
  });

  it('refuses people from domains not allowed an account', async () => {
    const { callback } = await signIn('grace');
    expect(decodeURIComponent(callback.headers.location as string)).toMatch(/People from other\.test/);
    expect(sessionOf(callback)).toBeUndefined();
  });

  it('adds the user to the groups mapped to their identity provider groups', async () => {
    const group = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Checkout team', mappingsSSO: ['checkout-engineers'] },
      })
    ).json();
    const { callback } = await signIn('linus');
    expect(sessionOf(callback)).toBeDefined();
    const members = (await t.admin({ method: 'GET', url: `/api/admin/groups/${group.id}` }))
      .json()
      .users.map((u: { user: { email: string } }) => u.user.email);
    expect(members).toEqual(['linus@example.com']);
  });

  it('records sign-ins that worked and those refused in the login history', async () => {
    const saml = (await logins()).filter((e) => e.auth_type === 'saml');
    expect(saml).toContainEqual(
      expect.objectContaining({ username: 'ada@example.com', successful: true, failure_reason: null }),
    );
    expect(saml).toContainEqual(
      expect.objectContaining({
        successful: false,
        failure_reason: expect.stringMatching(/identity provider answer was refused: .*signature/i),
      }),
    );
    expect(saml).toContainEqual(expect.objectContaining({ username: 'grace@other.test', successful: false }));
  });

  it('answers 404 once SAML is disabled again', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/auth/saml/settings', payload: { enabled: false } });
    expect((await t.app.inject({ method: 'GET', url: '/auth/saml/login' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/auth/methods' })).json().saml).toBeNull();
  });
});
