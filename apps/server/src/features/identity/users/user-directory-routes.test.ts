import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const [username, email, name] of [
    ['ada', 'ada@example.com', 'Ada Lovelace'],
    ['grace', 'grace@navy.test', 'Grace Hopper'],
    ['old-timer', 'old@example.com', 'Rip Van Winkle'],
    ['percent', 'p@example.com', '100% sure'],
  ]) {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username, email, name, rootRole: 3, password: 'long-enough-1' },
    });
    expect(created.statusCode).toBe(201);
  }
  // Rip last came by a year ago; Ada was created long ago but signed in yesterday.
  await t.db.query(
    "UPDATE users SET created_at = now() - interval '400 days', seen_at = now() - interval '365 days' WHERE username = 'old-timer'",
  );
  await t.db.query(
    "UPDATE users SET created_at = now() - interval '400 days', seen_at = now() - interval '1 day' WHERE username = 'ada'",
  );
  await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username: 'ada-bot', rootRole: 1 },
  });
});
afterAll(() => t.close());

const names = (users: { username: string }[]) => users.map((user) => user.username);

describe('finding people', () => {
  it('searches names, usernames and emails, case-insensitively, without service accounts', async () => {
    const viewer = await t.as('Viewer');
    const search = async (q: string) =>
      names(
        (
          await viewer({ method: 'GET', url: `/api/admin/user-admin/search?q=${encodeURIComponent(q)}` })
        ).json(),
      );
    expect(await search('ADA')).toEqual(['ada']);
    expect(await search('example.com')).toEqual(['ada', 'old-timer', 'percent']);
    expect(await search('hopper')).toEqual(['grace']);
    // % and _ are searched for as text, not as patterns.
    expect(await search('100%')).toEqual(['percent']);
    expect(await search('_')).toEqual([]);
    const empty = await viewer({ method: 'GET', url: '/api/admin/user-admin/search?q=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('/querystring/q');
  });

  it('counts admins with and without a password, and service accounts', async () => {
    const count = await t.admin({ method: 'GET', url: '/api/admin/user-admin/admin-count' });
    expect(count.json()).toEqual({ password: 1, noPassword: 0, service: 1 });
    const editor = await t.as('Editor');
    expect((await editor({ method: 'GET', url: '/api/admin/user-admin/admin-count' })).statusCode).toBe(403);
  });

  it('lists people inactive for 180 days and deletes only those of them that were asked for', async () => {
    const inactive = (await t.admin({ method: 'GET', url: '/api/admin/user-admin/inactive' })).json();
    expect(inactive.version).toBe(1);
    expect(names(inactive.inactiveUsers)).toEqual(['old-timer']);
    const ids = (await t.db.query<{ id: number; username: string }>('SELECT id, username FROM users')).reduce(
      (map, row) => map.set(row.username, row.id),
      new Map<string, number>(),
    );
    const deleted = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/inactive/delete',
      payload: { ids: [ids.get('old-timer'), ids.get('grace')] },
    });
    expect(deleted.statusCode).toBe(200);
    const left = names((await t.admin({ method: 'GET', url: '/api/admin/user-admin' })).json().users);
    expect(left).toContain('grace');
    expect(left).not.toContain('old-timer');
    const [event] = await t.db.query<{ pre_data: { username: string } }>(
      "SELECT pre_data FROM events WHERE type = 'user-deleted' ORDER BY id DESC LIMIT 1",
    );
    expect(event!.pre_data.username).toBe('old-timer');
    const bad = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/inactive/delete',
      payload: { ids: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('checks a password against the rule without storing it', async () => {
    const viewer = await t.as('Viewer');
    const check = (password: string) =>
      viewer({ method: 'POST', url: '/api/admin/user-admin/validate-password', payload: { password } });
    expect((await check('long-enough-password')).statusCode).toBe(200);
    const short = await check('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].path).toBe('/body/password');
  });

  it("gives the signed-in user's root role", async () => {
    const editor = await t.as('Editor');
    expect((await editor({ method: 'GET', url: '/api/admin/user/roles' })).json()).toEqual([
      {
        id: 2,
        name: 'Editor',
        description:
          'Instance-wide definitions, new projects, and flag work in the default project and the projects you are a member of',
        type: 'root',
      },
    ]);
  });
});
