import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { readConfig } from '../../../config.ts';
import { createLoginEventStore } from './login-event-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_FAILURES_PER_USER: '2' });
  await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username: 'lena', password: 'lenas-password', rootRole: 3 },
  });
});
afterAll(() => t.close());

const signIn = (username: string, password: string, from = '198.51.100.4') =>
  t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username, password },
    remoteAddress: from,
    headers: { 'user-agent': 'Test Browser/1.0' },
  });

it('records every sign-in attempt for admins: who, how, from where, and why it failed', async () => {
  expect((await signIn('lena', 'lenas-password')).statusCode).toBe(200);
  expect((await signIn('lena', 'not-her-password')).statusCode).toBe(401);
  expect((await signIn('nobody', 'whatever-password', '203.0.113.9')).statusCode).toBe(401);
  expect((await signIn('lena', 'not-her-password')).statusCode).toBe(401);
  expect((await signIn('lena', 'lenas-password')).statusCode).toBe(429);

  const history = await t.admin({ method: 'GET', url: '/api/admin/logins' });
  expect(history.statusCode).toBe(200);
  const events = history.json().events as Record<string, unknown>[];
  // The sign-in createTestApp does for its own users is there too; these are the newest five, newest first.
  expect(
    events.slice(0, 5).map((e) => [e.username, e.successful, e.failure_reason, e.ip, e.auth_type]),
  ).toEqual([
    ['lena', false, 'Too many wrong passwords', '198.51.100.4', 'simple'],
    ['lena', false, 'Wrong password', '198.51.100.4', 'simple'],
    ['nobody', false, 'No such user', '203.0.113.9', 'simple'],
    ['lena', false, 'Wrong password', '198.51.100.4', 'simple'],
    ['lena', true, null, '198.51.100.4', 'simple'],
  ]);
  expect(events[0]).toMatchObject({ user_agent: 'Test Browser/1.0', id: expect.any(Number) });
  expect(new Date(events[0]!.created_at as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect((await t.admin({ method: 'GET', url: '/api/admin/logins?limit=1&offset=1' })).json().events).toEqual(
    [events[1]],
  );
});

it('filters by part of the name or address, and by outcome', async () => {
  const list = async (query: string) =>
    (await t.admin({ method: 'GET', url: `/api/admin/logins?${query}` }))
      .json()
      .events.map((e: { username: string; successful: boolean }) => `${e.username}:${e.successful}`);
  expect(await list('q=NOBO')).toEqual(['nobody:false']);
  expect(await list('q=203.0.113')).toEqual(['nobody:false']);
  expect(await list('q=lena&successful=true')).toEqual(['lena:true']);
  expect((await list('q=lena&successful=false')).length).toBe(3);
});

it('downloads as CSV, where no cell can act as a spreadsheet formula', async () => {
  await signIn('=HYPERLINK("http://evil.test","x")', 'whatever-password');
  const csv = await t.admin({ method: 'GET', url: '/api/admin/logins', headers: { accept: 'text/csv' } });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  expect(csv.headers['content-disposition']).toContain('login-history.csv');
  const lines = csv.body.trimEnd().split('\n');
  expect(lines[0]).toBe('id,username,auth_type,created_at,successful,ip,user_agent,failure_reason');
  expect(lines[1]).toMatch(
    /^\d+,"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",simple,[^,]+,false,198\.51\.100\.4,Test Browser\/1\.0,No such user$/,
  );
});

it('is for admins only, and refuses bad paging with a 400 naming the field', async () => {
  const editor = await t.as('Editor');
  expect((await editor({ method: 'GET', url: '/api/admin/logins' })).statusCode).toBe(403);
  const bad = await t.admin({ method: 'GET', url: '/api/admin/logins?limit=0' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().details[0].path).toBe('/querystring/limit');
});

it('keeps attempts for 14 days', async () => {
  await t.db.query(
    `INSERT INTO login_events (username, auth_type, successful, created_at)
     VALUES ('old-timer', 'simple', true, now() - interval '15 days'),
            ('recent', 'simple', true, now() - interval '13 days')`,
  );
  await signIn('lena', 'anything-at-all', '192.0.2.99');
  const names = (await t.admin({ method: 'GET', url: '/api/admin/logins?limit=10000' }))
    .json()
    .events.map((e: { username: string }) => e.username);
  expect(names).toContain('recent');
  expect(names).not.toContain('old-timer');
});

it('keeps attempts for LOGIN_HISTORY_RETENTION_DAYS when it is set', async () => {
  await t.db.query(
    `INSERT INTO login_events (username, auth_type, successful, created_at)
     VALUES ('two-days-old', 'simple', true, now() - interval '2 days'),
            ('half-day-old', 'simple', true, now() - interval '12 hours')`,
  );
  const oneDay = createLoginEventStore(
    t.db,
    readConfig({ LOGIN_HISTORY_RETENTION_DAYS: '1' }).loginHistoryRetentionDays * 24,
  );
  await oneDay.record({
    username: 'x',
    authType: 'simple',
    ip: null,
    userAgent: null,
    successful: false,
    failureReason: 'test',
  });
  const rows = await t.db.query<{ username: string }>(`SELECT username FROM login_events`);
  const names = rows.map((r) => r.username);
  expect(names).toContain('half-day-old');
  expect(names).not.toContain('two-days-old');
  expect(() => readConfig({ LOGIN_HISTORY_RETENTION_DAYS: '0' })).toThrow(/LOGIN_HISTORY_RETENTION_DAYS/);
});
