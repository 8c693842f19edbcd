import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in and the signed-in user', () => {
  it('signs the default admin in with a session cookie and out again', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'admin', password: 'unleash4all' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'admin', rootRole: 1, rootRoleName: 'Admin' });
    const cookie = login.cookies.find((c) => c.name === 'switchyard-session')!;
    expect(cookie.httpOnly).toBe(true);
    const headers = { cookie: `${cookie.name}=${cookie.value}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/user', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('admin');
    expect(me.json().permissions).toEqual([{ permission: 'ADMIN' }]);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/user', headers })).statusCode).toBe(401);
  });

  it('refuses a wrong password with 401 PasswordMismatch and a missing field with 400', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ name: 'PasswordMismatch', message: 'Wrong username or password' });
    expect(wrong.cookies).toHaveLength(0);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'admin' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ path: '/body/password' });
  });
});

describe('personal access tokens', () => {
  it('creates a token that acts as its user, lists it without the secret, and deletes it', async () => {
    const editor = await t.as('Editor');
    const created = await editor({
      method: 'POST',
      url: '/api/admin/user/tokens',
      payload: { description: 'ci', expiresAt: '2099-01-01T00:00:00Z' },
    });
    expect(created.statusCode).toBe(201);
    const { secret, id } = created.json();
    expect(secret).toMatch(/^user:[0-9a-f]{56}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      headers: { authorization: secret },
    });
    expect(me.json().user).toMatchObject({ username: 'test-editor', rootRoleName: 'Editor' });
    // What an Editor may not do, its token may not either: the user list is for Admins.
    const asPat = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user-admin',
      headers: { authorization: secret },
    });
    expect(asPat.statusCode).toBe(403);
    // A token cannot mint another one.
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/tokens',
      headers: { authorization: secret },
      payload: { description: 'from a token', expiresAt: '2099-01-01T00:00:00Z' },
    });
    expect(minted.statusCode).toBe(403);
    const list = (await editor({ method: 'GET', url: '/api/admin/user/tokens' })).json();
    expect(list.pats).toHaveLength(1);
    expect(list.pats[0].secret).toBeUndefined();
    expect((await editor({ method: 'DELETE', url: `/api/admin/user/tokens/${id}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: { authorization: secret } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an expiry in the past', async () => {
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'POST',
      url: '/api/admin/user/tokens',
      payload: { description: 'old', expiresAt: '2001-01-01T00:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('/body/expiresAt');
  });
});

describe('user administration', () => {
  it('lets an admin create, update and delete users, and nobody else', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username: 'vera', password: 'long-enough-1', rootRole: 3 },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'vera', password: 'long-enough-1' },
    });
    expect(login.json().rootRoleName).toBe('Viewer');
    const updated = await t.admin({
      method: 'PUT',
      url: `/api/admin/user-admin/${id}`,
      payload: { rootRole: 'Editor' },
    });
    expect(updated.json().rootRoleName).toBe('Editor');
    const duplicate = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username: 'vera', rootRole: 3 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username: 'x', rootRole: 1 },
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/user-admin/${id}` })).statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: `/api/admin/user-admin/${id}` })).statusCode).toBe(404);
    const types = (
      await t.db.query<{ type: string }>("SELECT type FROM events WHERE type LIKE 'user-%' ORDER BY id")
    ).map((e) => e.type);
    expect(types).toEqual(['user-created', 'user-updated', 'user-deleted']);
  });

  it('refuses a role that does not exist', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username: 'y', rootRole: 9 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.some((d: { path: string }) => d.path === '/body/rootRole')).toBe(true);
  });
});
