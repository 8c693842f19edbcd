import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in and returns the session cookie header, or the status when refused. */
async function signIn(username: string, password: string): Promise<{ cookie: string } | number> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username, password },
  });
  if (login.statusCode !== 200) return login.statusCode;
  const session = login.cookies.find((c) => c.name === 'switchyard-session')!;
  return { cookie: `${session.name}=${session.value}` };
}
const meStatus = async (headers: { cookie: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers })).statusCode;

async function createUser(username: string, password: string, rootRole: number): Promise<number> {
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username, password, rootRole },
  });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

describe('changing your own password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    await createUser('petra', 'first-password', 3);
    const here = (await signIn('petra', 'first-password')) as { cookie: string };
    const elsewhere = (await signIn('petra', 'first-password')) as { cookie: string };
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/user/change-password', headers: here, payload });

    const wrong = await change({ oldPassword: 'not-it-at-all', password: 'second-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: '/body/oldPassword' });
    const missing = await change({ password: 'second-password' });
    expect(missing.json().details[0]).toMatchObject({ path: '/body/oldPassword' });
    const mismatch = await change({
      oldPassword: 'first-password',
      password: 'second-password',
      confirmPassword: 'second-passw0rd',
    });
    expect(mismatch.json().details[0]).toMatchObject({ path: '/body/confirmPassword' });
    const short = await change({ oldPassword: 'first-password', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].path).toBe('/body/password');
    // None of the refusals changed anything.
    expect(await signIn('petra', 'first-password')).toHaveProperty('cookie');

    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/tokens',
      headers: here,
      payload: {
        description: 'made before the change',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const pat = { authorization: minted.json().secret as string };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: pat })).statusCode).toBe(
      200,
    );

    const done = await change({
      oldPassword: 'first-password',
      password: 'second-password',
      confirmPassword: 'second-password',
    });
    expect(done.statusCode).toBe(200);
    // A token made under the old password ends with it.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: pat })).statusCode).toBe(
      401,
    );
    expect(await signIn('petra', 'first-password')).toBe(401);
    expect(await signIn('petra', 'second-password')).toHaveProperty('cookie');
    expect(await meStatus(here)).toBe(200);
    expect(await meStatus(elsewhere)).toBe(401);
  });

  it('is refused to an API token, which has no password', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/user/change-password',
      payload: { password: 'a-long-passphrase' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("setting a user's password", () => {
  it('lets an Admin reset it, which signs the user out everywhere and is logged without the password', async () => {
    const id = await createUser('quinn', 'forgotten-password', 2);
    const session = (await signIn('quinn', 'forgotten-password')) as { cookie: string };
    const reset = await t.admin({
      method: 'POST',
      url: `/api/admin/user-admin/${id}/change-password`,
      payload: { password: 'fresh-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await meStatus(session)).toBe(401);
    expect(await signIn('quinn', 'forgotten-password')).toBe(401);
    expect(await signIn('quinn', 'fresh-password-1')).toHaveProperty('cookie');

    const events = await t.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM events WHERE type = 'user-password-reset'",
    );
    expect(events.map((e) => e.data)).toEqual([{ id, username: 'quinn', email: null }]);
    expect(JSON.stringify(events)).not.toContain('fresh-password-1');
  });

  it('is for Admins only, and names an unknown user', async () => {
    const id = await createUser('rudi', 'rudis-password', 3);
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'POST',
      url: `/api/admin/user-admin/${id}/change-password`,
      payload: { password: 'taken-over-1' },
    });
    expect(denied.statusCode).toBe(403);
    expect(await signIn('rudi', 'rudis-password')).toHaveProperty('cookie');
    const unknown = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/99999/change-password',
      payload: { password: 'whatever-long' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
