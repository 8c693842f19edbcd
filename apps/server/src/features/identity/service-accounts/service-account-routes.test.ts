import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEXT_YEAR = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

const snapshot = async () => ({
  users: await t.db.query(
    'SELECT id, username, name, root_role, is_service, deleted_at FROM users ORDER BY id',
  ),
  tokens: await t.db.query('SELECT id, user_id, description FROM personal_access_tokens ORDER BY id'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown; created_by: string }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

async function createAccount(username: string, rootRole: number | string = 2) {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username, name: `${username} robot`, rootRole },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createToken(id: number, description = 'pipeline') {
  const response = await t.admin({
    method: 'POST',
    url: `/api/admin/service-account/${id}/token`,
    payload: { description, expiresAt: NEXT_YEAR },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const createFlagAs = (secret: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/projects/default/features',
    headers: { authorization: secret },
    payload: { name },
  });

describe('service accounts', () => {
  it('creates an account with a root role that is listed apart from the users and cannot sign in', async () => {
    const account = await createAccount('deploy-bot', 'Editor');
    expect(account).toEqual({
      id: expect.any(Number),
      username: 'deploy-bot',
      name: 'deploy-bot robot',
      rootRole: 2,
      rootRoleName: 'Editor',
      isAPI: true,
      createdAt: expect.any(String),
      seenAt: null,
      tokens: [],
    });
    expect((await lastEvent()).type).toBe('service-account-created');

    const list = await t.admin({ method: 'GET', url: '/api/admin/service-account' });
    expect(list.json().serviceAccounts.map((a: { username: string }) => a.username)).toContain('deploy-bot');
    expect(list.json().rootRoles.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Editor', 'Viewer']);
    const users = await t.admin({ method: 'GET', url: '/api/admin/user-admin' });
    expect(users.json().users.map((u: { username: string }) => u.username)).not.toContain('deploy-bot');
    // The user-admin operations do not reach service accounts.
    const asUser = await t.admin({ method: 'GET', url: `/api/admin/user-admin/${account.id}` });
    expect(asUser.statusCode).toBe(404);

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'deploy-bot', password: 'anything-at-all' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('gives out a token, shown once, that acts with the account role and is recorded under its name', async () => {
    const account = await createAccount('flag-bot', 2);
    const token = await createToken(account.id, 'release pipeline');
    expect(token.secret).toMatch(/^user:[0-9a-f]{56}$/);

    const created = await createFlagAs(token.secret, 'made-by-a-bot');
    expect(created.statusCode, created.body).toBe(201);
    const event = await lastEvent();
    expect([event.type, event.created_by]).toEqual(['feature-created', 'flag-bot']);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user-admin',
      headers: { authorization: token.secret },
    });
    expect(forbidden.statusCode).toBe(403);

    const listed = await t.admin({ method: 'GET', url: `/api/admin/service-account/${account.id}/token` });
    expect(listed.json().pats).toEqual([
      {
        id: token.id,
        description: 'release pipeline',
        expiresAt: token.expiresAt,
        createdAt: token.createdAt,
        seenAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    expect(JSON.stringify(await t.db.query('SELECT data FROM events'))).not.toContain(token.secret);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/change-password',
      headers: { authorization: token.secret },
      payload: { password: 'a-password-for-a-robot' },
    });
    expect([password.statusCode, password.json().message]).toEqual([
      400,
      'A service account has no password: it acts through its tokens',
    ]);
  });

  it('changes the role of the account, and its tokens follow at once', async () => {
    const account = await createAccount('demoted-bot', 'Editor');
    const token = await createToken(account.id);
    expect((await createFlagAs(token.secret, 'before-demotion')).statusCode).toBe(201);
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/service-account/${account.id}`,
      payload: { rootRole: 3, name: 'Read-only robot' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rootRole: 3, rootRoleName: 'Viewer', name: 'Read-only robot' });
    expect(response.json().tokens).toHaveLength(1);
    expect((await lastEvent()).pre_data).toMatchObject({ rootRole: 'Editor' });
    expect((await createFlagAs(token.secret, 'after-demotion')).statusCode).toBe(403);
  });

  it('stops a deleted token, and every token of a deleted account', async () => {
    const account = await createAccount('short-lived-bot');
    const first = await createToken(account.id, 'first');
    const second = await createToken(account.id, 'second');
    const removed = await t.admin({
      method: 'DELETE',
      url: `/api/admin/service-account/${account.id}/token/${first.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await createFlagAs(first.secret, 'with-deleted-token')).statusCode).toBe(401);
    expect((await createFlagAs(second.secret, 'with-live-token')).statusCode).toBe(201);

    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/service-account/${account.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await lastEvent()).type).toBe('service-account-deleted');
    expect((await createFlagAs(second.secret, 'after-account-deleted')).statusCode).toBe(401);
    const again = await t.admin({ method: 'DELETE', url: `/api/admin/service-account/${account.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input with a 400 that names the field, and changes nothing', async () => {
    const account = await createAccount('strict-bot');
    const before = await snapshot();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/admin/service-account', { rootRole: 2 }, '/body/username'],
      ['POST', '/api/admin/service-account', { username: 'has space', rootRole: 2 }, '/body/username'],
      ['POST', '/api/admin/service-account', { username: 'no-role' }, '/body/rootRole'],
      ['POST', '/api/admin/service-account', { username: 'bad-role', rootRole: 9 }, '/body/rootRole'],
      ['PUT', `/api/admin/service-account/${account.id}`, { rootRole: 'Owner' }, '/body/rootRole'],
      [
        'POST',
        `/api/admin/service-account/${account.id}/token`,
        { description: 'old', expiresAt: '2020-01-01T00:00:00.000Z' },
        '/body/expiresAt',
      ],
      [
        'POST',
        `/api/admin/service-account/${account.id}/token`,
        { expiresAt: NEXT_YEAR },
        '/body/description',
      ],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await t.admin({ method: method as 'POST', url, payload });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().details.map((d: { path?: string }) => d.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a username a person or another account has, and 404 for what does not exist', async () => {
    await createAccount('unique-bot');
    const before = await snapshot();
    for (const username of ['unique-bot', 'admin']) {
      const taken = await t.admin({
        method: 'POST',
        url: '/api/admin/service-account',
        payload: { username, rootRole: 3 },
      });
      expect(taken.statusCode, username).toBe(409);
    }
    const me = await t.admin({ method: 'GET', url: '/api/admin/user-admin' });
    const person = me.json().users[0];
    const missing = [
      await t.admin({ method: 'PUT', url: '/api/admin/service-account/999999', payload: { rootRole: 3 } }),
      await t.admin({ method: 'GET', url: '/api/admin/service-account/999999/token' }),
      // A person is not a service account.
      await t.admin({ method: 'DELETE', url: `/api/admin/service-account/${person.id}` }),
      await t.admin({ method: 'DELETE', url: `/api/admin/service-account/${person.id}/token/1` }),
    ];
    expect(missing.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets only admins manage service accounts', async () => {
    const account = await createAccount('guarded-bot');
    const roles = { Viewer: await t.as('Viewer'), Editor: await t.as('Editor') };
    const before = await snapshot();
    for (const as of Object.values(roles)) {
      const attempts = [
        await as({ method: 'GET', url: '/api/admin/service-account' }),
        await as({
          method: 'POST',
          url: '/api/admin/service-account',
          payload: { username: 'x-bot', rootRole: 1 },
        }),
        await as({
          method: 'PUT',
          url: `/api/admin/service-account/${account.id}`,
          payload: { rootRole: 1 },
        }),
        await as({
          method: 'POST',
          url: `/api/admin/service-account/${account.id}/token`,
          payload: { description: 'mine now', expiresAt: NEXT_YEAR },
        }),
        await as({ method: 'DELETE', url: `/api/admin/service-account/${account.id}` }),
      ];
      expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
