import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createUserStore } from './user-store.ts';
import { hashPassword } from './password.ts';

const apps: TestApp[] = [];
let plain: TestApp;
beforeAll(async () => {
  plain = await app({});
});
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  apps.push(t);
  await createUserStore(t.db).insert({
    username: 'casey',
    rootRole: 2,
    passwordHash: await hashPassword('casey-password-1'),
  });
  return t;
}

/** Signs in and returns the session cookie the browser was given. */
async function sessionCookie(
  t: TestApp,
  options: { headers?: Record<string, string>; remoteAddress?: string },
) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username: 'casey', password: 'casey-password-1' },
    ...options,
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'switchyard-session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return cookie;
}

describe('the session cookie', () => {
  it('is not Secure on plain http, so local setups keep working', async () => {
    expect((await sessionCookie(plain, {})).secure).toBeUndefined();
  });

  it('is Secure whenever PUBLIC_URL is https', async () => {
    const t = await app({ PUBLIC_URL: 'https://flags.example.com' });
    expect((await sessionCookie(t, {})).secure).toBe(true);
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout' });
    expect(logout.cookies[0]).toMatchObject({ name: 'switchyard-session', value: '', secure: true });
  });

  it('is Secure when a trusted proxy says the browser came over https, and only then', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    // app.inject comes from 127.0.0.1: a proxy on the same host, trusted by default.
    expect((await sessionCookie(plain, { headers: https })).secure).toBe(true);
    // A client on the internet cannot claim https.
    expect(
      (await sessionCookie(plain, { headers: https, remoteAddress: '203.0.113.7' })).secure,
    ).toBeUndefined();
    const listed = await app({ TRUST_PROXY: '203.0.113.7' });
    expect((await sessionCookie(listed, { headers: https, remoteAddress: '203.0.113.7' })).secure).toBe(true);
    expect((await sessionCookie(listed, { headers: https })).secure).toBeUndefined();
    const none = await app({ TRUST_PROXY: 'false' });
    expect((await sessionCookie(none, { headers: https })).secure).toBeUndefined();
  });
});
