import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const REQUESTS = '/api/admin/user-access-requests';

/** A Viewer, signed in through the password form's endpoint. */
async function person(username: string): Promise<{ id: number; send: Send }> {
  const user = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username, email: `${username}@example.com`, password: 'password-1234', rootRole: 3 },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username, password: 'password-1234' },
  });
  const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
  return {
    id: user.json().id,
    send: (options) => t.app.inject({ ...options, headers: { cookie, ...(options.headers as object) } }),
  };
}
const ask = (send: Send, project: string) => send({ method: 'POST', url: REQUESTS, payload: { project } });
const open = async () => (await t.admin({ method: 'GET', url: REQUESTS })).json().userAccessRequests;
const eventsOf = async (type: string) =>
  (
    await t.db.query<{ data: Record<string, unknown>; project: string }>(
      'SELECT data, project FROM events WHERE type = $1 ORDER BY id',
      [type],
    )
  ).map((row) => ({ ...row.data, eventProject: row.project }));

beforeAll(async () => {
  t = await createTestApp();
  for (const id of ['shop', 'billing'])
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
  await t.admin({
    method: 'POST',
    url: '/api/admin/projects',
    payload: { id: 'vault', name: 'vault', mode: 'private' },
  });
});
afterAll(() => t.close());

describe('access requests', () => {
  it('are asked for by a signed-in person, listed to admins, and approved with a project role', async () => {
    const maria = await person('maria');
    const asked = await ask(maria.send, 'shop');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      userId: maria.id,
      username: 'maria',
      email: 'maria@example.com',
      project: 'shop',
    });
    expect(Date.parse(asked.json().requestedAt)).toBeGreaterThan(0);
    expect((await ask(maria.send, 'shop')).statusCode).toBe(409);

    expect(await open()).toEqual([asked.json()]);
    expect((await maria.send({ method: 'GET', url: REQUESTS })).statusCode).toBe(403);
    const refused = await maria.send({
      method: 'POST',
      url: `${REQUESTS}/${asked.json().id}/approve`,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);

    // Before: maria cannot create a flag in shop; after the approval as Member, she can.
    const createFlag = () =>
      maria.send({
        method: 'POST',
        url: '/api/admin/projects/shop/features',
        payload: { name: 'maria-flag' },
      });
    expect((await createFlag()).statusCode).toBe(403);
    const approved = await t.admin({
      method: 'POST',
      url: `${REQUESTS}/${asked.json().id}/approve`,
      payload: {},
    });
    expect(approved.statusCode).toBe(204);
    const access = (await t.admin({ method: 'GET', url: '/api/admin/projects/shop/access' })).json();
    expect(access.users).toEqual([expect.objectContaining({ id: maria.id, roles: [5] })]);
    expect((await createFlag()).statusCode).toBeLessThan(300);
    expect(await open()).toEqual([]);

    expect(await eventsOf('user-access-request-registered')).toEqual([
      {
        id: asked.json().id,
        userId: maria.id,
        email: 'maria@example.com',
        project: 'shop',
        eventProject: 'shop',
      },
    ]);
    expect(await eventsOf('user-access-request-approved')).toEqual([
      expect.objectContaining({ userId: maria.id, project: 'shop', role: 5, eventProject: 'shop' }),
    ]);
    // She holds a role now: asking again is refused.
    expect((await ask(maria.send, 'shop')).json().name).toBe('InvalidOperationError');
  });

  it('are rejected without giving access', async () => {
    const rita = await person('rita');
    const asked = (await ask(rita.send, 'billing')).json();
    const rejected = await t.admin({ method: 'DELETE', url: `${REQUESTS}/${asked.id}` });
    expect(rejected.statusCode).toBe(204);
    expect(await open()).toEqual([]);
    const access = (await t.admin({ method: 'GET', url: '/api/admin/projects/billing/access' })).json();
    expect(access.users).toEqual([]);
    expect(await eventsOf('user-access-request-rejected')).toEqual([
      expect.objectContaining({ userId: rita.id, project: 'billing', eventProject: 'billing' }),
    ]);
    expect((await t.admin({ method: 'DELETE', url: `${REQUESTS}/${asked.id}` })).statusCode).toBe(404);
  });

  it('refuse what cannot be asked or given, naming the field', async () => {
    const otto = await person('otto');
    expect((await ask(otto.send, 'no-such-project')).statusCode).toBe(404);
    // A private project otto cannot see is unknown to him.
    expect((await ask(otto.send, 'vault')).statusCode).toBe(404);
    const token = await t.admin({ method: 'POST', url: REQUESTS, payload: { project: 'shop' } });
    expect(token.statusCode).toBe(403);
    expect(token.json().name).toBe('InvalidOperationError');
    const empty = await otto.send({ method: 'POST', url: REQUESTS, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('/body/project');

    const asked = (await ask(otto.send, 'shop')).json();
    const root = await t.admin({
      method: 'POST',
      url: `${REQUESTS}/${asked.id}/approve`,
      payload: { role: 1 },
    });
    expect(root.statusCode).toBe(400);
    expect(root.json().details[0]).toMatchObject({ path: '/body/role' });
    const missing = await t.admin({
      method: 'POST',
      url: `${REQUESTS}/${asked.id}/approve`,
      payload: { role: 999 },
    });
    expect(missing.json().details[0]).toMatchObject({ path: '/body/role' });
    expect(
      (await t.admin({ method: 'POST', url: `${REQUESTS}/99999/approve`, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: REQUESTS })).statusCode).toBe(401);
  });
});

/** Gives `user` the project roles in `project`, as an admin. */
async function grant(project: string, user: number, roles: number[]): Promise<void> {
  const response = await t.admin({
    method: 'POST',
    url: `/api/admin/projects/${project}/access`,
    payload: { roles, users: [user], groups: [] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("access requests handled by the project's Owner", () => {
  beforeAll(async () => {
    for (const id of ['garden', 'cellar'])
      await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
  });

  it("are listed, approved and rejected by the Owner of their project and no one else's", async () => {
    const olga = await person('olga');
    await grant('garden', olga.id, [4]);
    const mike = await person('mike');
    await grant('garden', mike.id, [5]);
    const paul = await person('paul');
    const petra = await person('petra');
    const inGarden = (await ask(paul.send, 'garden')).json();
    const alsoGarden = (await ask(petra.send, 'garden')).json();
    const inCellar = (await ask(paul.send, 'cellar')).json();

    const list = (send: Send, query = '') => send({ method: 'GET', url: `${REQUESTS}${query}` });
    const ids = (response: LightMyRequestResponse) =>
      response.json().userAccessRequests.map((r: { id: number }) => r.id);
    expect(ids(await list(olga.send, '?project=garden'))).toEqual([alsoGarden.id, inGarden.id]);
    // Without a project, only those of the projects she manages.
    expect(ids(await list(olga.send))).toEqual([alsoGarden.id, inGarden.id]);
    expect((await list(olga.send, '?project=cellar')).statusCode).toBe(403);
    expect((await list(olga.send, '?project=vault')).statusCode).toBe(404);
    expect((await list(mike.send, '?project=garden')).statusCode).toBe(403);
    expect((await list(mike.send)).statusCode).toBe(403);
    expect(ids(await t.admin({ method: 'GET', url: `${REQUESTS}?project=cellar` }))).toEqual([inCellar.id]);
    // Odd filters are refused cleanly, or name no project she manages.
    for (const query of ['?project=', '?project=garden&project=cellar', '?project=%00', '?other=1']) {
      const status = (await list(olga.send, query)).statusCode;
      expect([status >= 400, status < 500], query).toEqual([true, true]);
    }
    expect(ids(await list(olga.send, '?project=*'))).toEqual([]);

    const approve = (send: Send, id: number | string, payload: object = {}) =>
      send({ method: 'POST', url: `${REQUESTS}/${id}/approve`, payload });
    const reject = (send: Send, id: number) => send({ method: 'DELETE', url: `${REQUESTS}/${id}` });
    expect((await approve(olga.send, inCellar.id)).statusCode).toBe(403);
    expect((await reject(olga.send, inCellar.id)).statusCode).toBe(403);
    expect((await approve(mike.send, inGarden.id)).statusCode).toBe(403);
    expect((await reject(mike.send, inGarden.id)).statusCode).toBe(403);
    expect((await approve(olga.send, 99999)).statusCode).toBe(404);
    expect((await approve(olga.send, 'abc')).statusCode).toBe(400);

    const approved = await approve(olga.send, inGarden.id, { role: 4 });
    expect(approved.statusCode, approved.body).toBe(204);
    const access = (await t.admin({ method: 'GET', url: '/api/admin/projects/garden/access' })).json();
    expect(access.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: paul.id, roles: [4] })]),
    );
    expect((await reject(olga.send, alsoGarden.id)).statusCode).toBe(204);
    expect(ids(await list(olga.send, '?project=garden'))).toEqual([]);
    // The request for cellar is untouched.
    expect(ids(await t.admin({ method: 'GET', url: `${REQUESTS}?project=cellar` }))).toEqual([inCellar.id]);
  });

  it('does not let an Owner give a role above what they hold in the project', async () => {
    const oscar = await person('oscar');
    await grant('cellar', oscar.id, [4]);
    const sam = await person('sam');
    const asked = (await ask(sam.send, 'cellar')).json();
    const skipper = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: {
          name: 'Skipper',
          permissions: [{ name: 'SKIP_CHANGE_REQUEST', environment: 'production' }],
        },
      })
    ).json().roles.id;
    const rows = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_access_requests'))[0]!.n;
    const before = await rows();
    const refused = await oscar.send({
      method: 'POST',
      url: `${REQUESTS}/${asked.id}/approve`,
      payload: { role: skipper },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('SKIP_CHANGE_REQUEST');
    expect(await rows()).toBe(before);
    const access = (await t.admin({ method: 'GET', url: '/api/admin/projects/cellar/access' })).json();
    expect(access.users.map((u: { id: number }) => u.id)).not.toContain(sam.id);
  });
});

describe('access requests in maintenance mode', () => {
  const maintenance = async (enabled: boolean) => {
    const response = await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled } });
    expect(response.statusCode, response.body).toBe(204);
  };
  const rows = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_access_requests'))[0]!.n;

  it('are refused, asking, approving and rejecting alike, and change nothing', async () => {
    const nora = await person('nora');
    const asked = await ask(nora.send, 'billing');
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id;
    const before = { rows: await rows(), open: await open() };
    const ivan = await person('ivan');
    await maintenance(true);
    try {
      expect((await ask(ivan.send, 'billing')).statusCode).toBe(503);
      const approve = await t.admin({ method: 'POST', url: `${REQUESTS}/${id}/approve`, payload: {} });
      expect(approve.statusCode).toBe(503);
      expect((await t.admin({ method: 'DELETE', url: `${REQUESTS}/${id}` })).statusCode).toBe(503);
      expect({ rows: await rows(), open: await open() }).toEqual(before);
    } finally {
      await maintenance(false);
    }
  });
});
