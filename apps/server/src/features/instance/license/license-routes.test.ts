import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

const get = (url: string) => t.admin({ method: 'GET', url });

describe("Unleash's licence operations", () => {
  it('checks the licence for anyone signed in: always valid, with no message to show', async () => {
    const viewer = await t.as('Viewer');
    const check = await viewer({ method: 'GET', url: '/api/admin/license/check' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ isValid: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/license/check' })).statusCode).toBe(401);
  });

  it('reports no licence to admins, and takes no key', async () => {
    expect((await get('/api/admin/license')).json()).toEqual({ isValid: true, resources: {} });
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/license' })).statusCode).toBe(403);
    const refused = await t.admin({ method: 'POST', url: '/api/admin/license', payload: { token: 'abc' } });
    expect(refused.statusCode).toBe(404);
    expect((await get('/api/admin/license')).json()).toEqual({ isValid: true, resources: {} });
  });
});

describe('GET /api/admin/licensed-users', () => {
  it('counts people who had an account in the last 30 days, deleted since or not, and no service accounts', async () => {
    const before = (await get('/api/admin/licensed-users')).json();
    await t.db.query(
      `INSERT INTO users (username, root_role, root_role_id, created_at, deleted_at, is_service) VALUES
         ('seat-new', 'Viewer', 3, now(), NULL, false),
         ('seat-left-lately', 'Viewer', 3, now() - interval '400 days', now() - interval '10 days', false),
         ('seat-left-long-ago', 'Viewer', 3, now() - interval '400 days', now() - interval '45 days', false),
         ('seat-bot', 'Viewer', 3, now(), NULL, true)`,
    );
    const response = await get('/api/admin/licensed-users');
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after.licensedUsers.current - before.licensedUsers.current).toBe(2);
    expect(after.seatCount).toBe(after.licensedUsers.current);
    const { history } = after.licensedUsers as { history: { date: string; count: number }[] };
    expect(history).toHaveLength(13);
    expect(history.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      count: after.licensedUsers.current,
    });
    // The two who left had accounts a hundred days ago; the newcomer did not.
    const hundredDaysAgo = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const back = history.filter((point) => point.date < hundredDaysAgo).at(-1)!;
    const backBefore = (before.licensedUsers.history as typeof history).find((p) => p.date === back.date)!;
    expect(back.count - backBefore.count).toBe(2);
    expect(history.map((point) => point.date)).toEqual([...history.map((point) => point.date)].sort());
  });

  it('is for admins', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/licensed-users' })).statusCode).toBe(403);
  });
});
