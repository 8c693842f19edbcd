import { ROLE_IDS } from '@switchyard/access';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username: 'nora', password: 'noras-password', rootRole: ROLE_IDS.Viewer },
  });
  // Building the app migrates a database: slow on a busy machine.
}, 300_000);
afterAll(() => t.close());

/** Signs nora in from a browser and address of its own; the cookie header of that session. */
const signIn = async (from: string, browser: string) => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username: 'nora', password: 'noras-password' },
    remoteAddress: from,
    headers: { 'user-agent': browser },
  });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies[0]!;
  return { cookie: `${cookie.name}=${cookie.value}` };
};

const as = (headers: { cookie: string }) => (options: Parameters<TestApp['admin']>[0]) =>
  t.app.inject({ ...options, headers: { ...headers, ...(options.headers as Record<string, string>) } });

it('lists your own sessions with address, browser and times, marks the current one, and revokes one', async () => {
  const laptop = as(await signIn('198.51.100.4', 'Laptop Browser/1.0'));
  const phone = as(await signIn('203.0.113.9', 'Phone Browser/2.0'));

  const listed = await laptop({ method: 'GET', url: '/api/admin/user/sessions' });
  expect(listed.statusCode).toBe(200);
  const sessions = listed.json().sessions as Record<string, unknown>[];
  expect(sessions.map((s) => [s.ip, s.userAgent, s.current])).toEqual([
    ['203.0.113.9', 'Phone Browser/2.0', false],
    ['198.51.100.4', 'Laptop Browser/1.0', true],
  ]);
  expect(sessions[0]).toMatchObject({
    username: 'nora',
    createdAt: expect.any(String),
    seenAt: expect.any(String),
  });

  // The phone is lost: revoke it from the laptop. Its next request is refused; the laptop stays signed in.
  const phoneId = sessions[0]!.id as string;
  expect((await laptop({ method: 'DELETE', url: `/api/admin/user/sessions/${phoneId}` })).statusCode).toBe(
    200,
  );
  expect((await phone({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(401);
  expect((await laptop({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(200);
  // Revoked already, and nobody else's: both are unknown to you.
  expect((await laptop({ method: 'DELETE', url: `/api/admin/user/sessions/${phoneId}` })).statusCode).toBe(
    404,
  );
});

it("lets only an admin list and revoke anyone's session", async () => {
  const browser = as(await signIn('192.0.2.1', 'Tablet Browser/3.0'));
  const viewer = await t.as('Viewer');
  expect((await viewer({ method: 'GET', url: '/api/admin/user-sessions' })).statusCode).toBe(403);

  const all = (await t.admin({ method: 'GET', url: '/api/admin/user-sessions' })).json().sessions as {
    id: string;
    username: string;
    userAgent: string;
  }[];
  const tablet = all.find((s) => s.userAgent === 'Tablet Browser/3.0')!;
  expect(tablet.username).toBe('nora');
  // Someone else's session is not yours to revoke.
  expect((await viewer({ method: 'DELETE', url: `/api/admin/user/sessions/${tablet.id}` })).statusCode).toBe(
    404,
  );
  expect((await browser({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(200);

  expect((await t.admin({ method: 'DELETE', url: `/api/admin/user-sessions/${tablet.id}` })).statusCode).toBe(
    200,
  );
  expect((await browser({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(401);
  const bad = await t.admin({ method: 'DELETE', url: '/api/admin/user-sessions/not-a-number' });
  expect(bad.statusCode).toBe(400);
});

it('ends every session of a deleted user at once', async () => {
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username: 'otto', password: 'ottos-password', rootRole: ROLE_IDS.Viewer },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username: 'otto', password: 'ottos-password' },
  });
  const otto = as({ cookie: `${login.cookies[0]!.name}=${login.cookies[0]!.value}` });
  expect((await otto({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(200);
  const id = created.json().id as number;
  expect(
    (await t.admin({ method: 'GET', url: `/api/admin/user-sessions?userId=${id}` })).json().sessions,
  ).toHaveLength(1);
  expect((await t.admin({ method: 'DELETE', url: `/api/admin/user-admin/${id}` })).statusCode).toBe(200);
  expect((await otto({ method: 'GET', url: '/api/admin/user' })).statusCode).toBe(401);
  expect(
    (await t.admin({ method: 'GET', url: `/api/admin/user-sessions?userId=${id}` })).json().sessions,
  ).toEqual([]);
});
