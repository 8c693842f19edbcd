import { ROLE_IDS } from '@switchyard/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createUserStore } from '../users/user-store.ts';

const CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'MIIC'.padEnd(400, 'A')}\n-----END CERTIFICATE-----`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://switchyard.test' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const anonymous = () => t.app.inject({ method: 'GET', url: '/api/admin/user' });

describe('the 401 to an admin request without credentials', () => {
  it('tells Unleash’s sign-in page to show the password form at /auth/simple/login', async () => {
    const response = await anonymous();
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'AuthenticationRequired',
      type: 'password',
      path: '/auth/simple/login',
      defaultHidden: false,
      id: expect.any(String),
      details: [{ message: body.message }],
    });
    expect(body.message).toMatch(/\/auth\/simple\/login/);
    // Unleash sends options only where there is a single sign-on button.
    expect(body).not.toHaveProperty('options');
  });

  it('carries no sign-in fields for a token that is not valid: a script needs another token, not a form', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      headers: { authorization: 'not-a-token-of-this-server' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('type');
    expect(response.json()).not.toHaveProperty('path');
  });

  it('follows the enabled methods: hidden form and one button per single sign-on once password login is off', async () => {
    const saml = await t.admin({
      method: 'POST',
      url: '/api/admin/auth/saml/settings',
      payload: {
        enabled: true,
        entityId: 'idp',
        signOnUrl: 'https://idp.test/sso',
        certificate: CERTIFICATE,
      },
    });
    expect(saml.statusCode, saml.body).toBe(200);
    const withButton = (await anonymous()).json();
    expect(withButton).toMatchObject({ type: 'password', defaultHidden: false });
    expect(withButton.options).toEqual([
      { type: 'saml', message: expect.any(String), path: '/auth/saml/login' },
    ]);

    await createUserStore(t.db).insert({ email: 'root@example.com', rootRole: ROLE_IDS.Admin });
    const off = await t.admin({
      method: 'POST',
      url: '/api/admin/auth/simple/settings',
      payload: { disabled: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    const hidden = (await anonymous()).json();
    expect(hidden).toMatchObject({ type: 'password', defaultHidden: true });
    expect(hidden.options).toHaveLength(1);
    expect(hidden.message).toMatch(/\/auth\/saml\/login/);
    expect(hidden.message).not.toMatch(/simple/);
  });
});
