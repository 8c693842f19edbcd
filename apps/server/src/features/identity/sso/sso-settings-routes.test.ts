import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createUserStore } from '../users/user-store.ts';
import { ROLE_IDS } from '@switchyard/access';

// Any well-formed certificate body will do for settings: no sign-in happens in this file.
const CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'MIIC'.padEnd(400, 'A')}\n-----END CERTIFICATE-----`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://switchyard.test' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (kind: string, payload: object) =>
  t.admin({ method: 'POST', url: `/api/admin/auth/${kind}/settings`, payload });
const get = async (kind: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/auth/${kind}/settings` })).json();

describe('OIDC settings', () => {
  it('never shows the client secret again and keeps it when the mask comes back', async () => {
    const saved = await post('oidc', {
      enabled: false,
      discoverUrl: 'https://login.example.com/realms/acme/.well-known/openid-configuration',
      clientId: 'switchyard',
      secret: 'very-secret',
      emailDomains: 'Example.com, example.org',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('very-secret');
    expect(saved.json()).toMatchObject({
      discoverUrl: 'https://login.example.com/realms/acme',
      secret: '********',
      emailDomains: 'example.com,example.org',
      fromEnvironment: [],
    });
    const resent = await post('oidc', {
      ...(await get('oidc')),
      fromEnvironment: undefined,
      clientId: 'flags',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const [row] = await t.db.query<{ value: { clientSecret: string; clientId: string } }>(
      `SELECT value FROM settings WHERE name = 'sso-oidc'`,
    );
    // Kept, and sealed at rest (db/sealed-secrets.ts).
    expect(row?.value).toMatchObject({
      clientSecret: expect.stringMatching(/^sealed:v1:/),
      clientId: 'flags',
    });
    expect(JSON.stringify(row)).not.toContain('very-secret');
    const events = await t.db.query<{ data: object }>(
      `SELECT data FROM events WHERE type = 'oidc-settings-updated' ORDER BY id`,
    );
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain('very-secret');

    await post('oidc', { secret: '' });
    expect((await get('oidc')).secret).toBeUndefined();
  });

  it('names the missing field when enabling without what OIDC needs', async () => {
    const response = await post('oidc', { enabled: true, discoverUrl: '', clientId: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: '/body/discoverUrl' });
  });

  it('is for admins only', async () => {
    const asEditor = await t.as('Editor');
    expect((await asEditor({ method: 'GET', url: '/api/admin/auth/oidc/settings' })).statusCode).toBe(403);
    const write = await asEditor({
      method: 'POST',
      url: '/api/admin/auth/saml/settings',
      payload: { enabled: false },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('SAML settings', () => {
  it("checks what SAML needs and tells the identity provider's values", async () => {
    const missing = await post('saml', { enabled: true, entityId: 'idp', signOnUrl: 'https://idp.test/sso' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ path: '/body/certificate' });
    const notACertificate = await post('saml', {
      enabled: true,
      entityId: 'idp',
      signOnUrl: 'https://idp.test/sso',
      certificate: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
    expect(notACertificate.json().details[0]).toMatchObject({ path: '/body/certificate' });

    const saved = await post('saml', {
      enabled: true,
      entityId: 'idp',
      signOnUrl: 'https://idp.test/sso',
      certificate: CERTIFICATE,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      serviceProvider: {
        entityId: 'http://switchyard.test/auth/saml/metadata',
        acsUrl: 'http://switchyard.test/auth/saml/callback',
      },
    });
    const [event] = await t.db.query(`SELECT id FROM events WHERE type = 'saml-settings-updated'`);
    expect(event).toBeDefined();
  });
});

describe('password login', () => {
  it('cannot be turned off while no admin could sign in another way', async () => {
    await post('saml', { enabled: false });
    const noSso = await post('simple', { disabled: true });
    expect(noSso.statusCode).toBe(400);
    expect(noSso.json().details[0]).toMatchObject({ path: '/body/disabled' });

    await post('saml', { enabled: true });
    // The only admins so far are the bootstrap admin, without an email.
    const noAdminEmail = await post('simple', { disabled: true });
    expect(noAdminEmail.statusCode).toBe(400);
    expect(noAdminEmail.json().message).toMatch(/no admin has an email/);
    expect((await get('simple')).disabled).toBe(false);
  });

  it('turns password sign-in off, and single sign-on cannot then be disabled', async () => {
    await createUserStore(t.db).insert({ email: 'root@example.com', rootRole: ROLE_IDS.Admin });
    const off = await post('simple', { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ disabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/auth/methods' })).json().password).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'admin', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(403);

    const lockout = await post('saml', { enabled: false });
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().details[0]).toMatchObject({ path: '/body/enabled' });
    expect((await get('saml')).enabled).toBe(true);

    expect((await post('simple', { disabled: false })).statusCode).toBe(200);
    const [event] = await t.db.query<{ data: object; pre_data: object }>(
      `SELECT data, pre_data FROM events WHERE type = 'password-login-settings-updated' ORDER BY id DESC LIMIT 1`,
    );
    expect(event).toMatchObject({ data: { disabled: false }, pre_data: { disabled: true } });
  });
});

describe('settings from the environment', () => {
  it('win over saved ones and are listed, and the UI cannot change them', async () => {
    const env = await createTestApp({
      OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
      OIDC_CLIENT_ID: 'from-env',
      OIDC_CLIENT_SECRET: 'env-secret',
    });
    try {
      await env.admin({
        method: 'POST',
        url: '/api/admin/auth/oidc/settings',
        payload: { clientId: 'from-ui', enabled: false },
      });
      const view = (await env.admin({ method: 'GET', url: '/api/admin/auth/oidc/settings' })).json();
      expect(view).toMatchObject({ enabled: true, clientId: 'from-env', secret: '********' });
      expect(view.fromEnvironment).toEqual(expect.arrayContaining(['discoverUrl', 'clientId', 'secret']));
      expect(JSON.stringify(view)).not.toContain('env-secret');
    } finally {
      await env.close();
    }
  });
});
