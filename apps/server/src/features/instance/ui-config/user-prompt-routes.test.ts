import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

describe('splash screens', () => {
  it('are marked seen per user, once however often the UI says so', async () => {
    const viewer = await t.as('Viewer');
    for (let i = 0; i < 2; i++) {
      const response = await viewer({ method: 'POST', url: '/api/admin/splash/new-ui' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ splashId: 'new-ui', seen: true });
      expect(response.json().userId).toBeGreaterThan(0);
    }
    const rows = await t.db.query("SELECT user_id FROM user_splashes WHERE splash_id = 'new-ui'");
    expect(rows).toHaveLength(1);
  });

  it('need a user, and a plain id', async () => {
    const token = await t.admin({ method: 'POST', url: '/api/admin/splash/new-ui' });
    expect(token.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/splash/new-ui' });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await t.as('Viewer');
    const bad = await viewer({ method: 'POST', url: '/api/admin/splash/a%20b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/params/id');
  });
});

describe('GET /api/admin/user', () => {
  it('tells the admin UI which prompts the user answered and which splash screens they saw', async () => {
    const admin = await t.as('Admin');
    const before = (await admin({ method: 'GET', url: '/api/admin/user' })).json();
    expect(before).toMatchObject({ feedback: [], splash: {} });
    await admin({ method: 'POST', url: '/api/admin/splash/personal-dashboard' });
    const answered = (
      await admin({
        method: 'POST',
        url: '/api/admin/feedback',
        payload: { feedbackId: 'pnps', neverShow: true },
      })
    ).json();
    const after = (await admin({ method: 'GET', url: '/api/admin/user' })).json();
    expect(after.feedback).toEqual([answered]);
    expect(after.splash).toEqual({ 'personal-dashboard': true });
  });
});

describe('feedback', () => {
  it('records an answer per user, and a later change keeps what it leaves out', async () => {
    const editor = await t.as('Editor');
    const created = await editor({
      method: 'POST',
      url: '/api/admin/feedback',
      payload: { feedbackId: 'pnps', neverShow: false },
    });
    expect(created.statusCode).toBe(200);
    const answer = created.json();
    expect(answer).toMatchObject({ feedbackId: 'pnps', neverShow: false });
    expect(Date.parse(answer.given)).toBeGreaterThan(0);

    const updated = await editor({
      method: 'PUT',
      url: '/api/admin/feedback/pnps',
      payload: { neverShow: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...answer, neverShow: true });

    const other = await t.as('Viewer');
    const theirs = await other({
      method: 'PUT',
      url: '/api/admin/feedback/pnps',
      payload: { neverShow: false },
    });
    expect(theirs.json().userId).not.toBe(answer.userId);
    const rows = await t.db.query<{ never_show: boolean }>(
      'SELECT never_show FROM user_feedback WHERE user_id = $1',
      [answer.userId],
    );
    expect(rows).toEqual([{ never_show: true }]);
  });

  it('refuses API tokens and bad bodies', async () => {
    const token = await t.admin({
      method: 'POST',
      url: '/api/admin/feedback',
      payload: { feedbackId: 'pnps' },
    });
    expect(token.statusCode).toBe(403);
    const viewer = await t.as('Viewer');
    const missing = await viewer({
      method: 'POST',
      url: '/api/admin/feedback',
      payload: { neverShow: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/feedbackId');
    const badDate = await viewer({
      method: 'PUT',
      url: '/api/admin/feedback/pnps',
      payload: { given: 'yesterday' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details[0].path).toBe('/body/given');
  });
});

describe('POST /api/admin/record-ui-error', () => {
  it('takes an error from any caller with 204, even in maintenance mode', async () => {
    const viewer = await t.as('Viewer');
    const sent = await viewer({
      method: 'POST',
      url: '/api/admin/record-ui-error',
      payload: { errorMessage: 'boom', errorStack: 'Error: boom\n    at x' },
    });
    expect(sent.statusCode).toBe(204);
    await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } });
    const during = await viewer({
      method: 'POST',
      url: '/api/admin/record-ui-error',
      payload: { errorMessage: 'x' },
    });
    expect(during.statusCode).toBe(204);
    await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: false } });
  });

  it('refuses anonymous callers, a missing message and an oversized stack', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/record-ui-error',
      payload: { errorMessage: 'boom' },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await t.admin({ method: 'POST', url: '/api/admin/record-ui-error', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/errorMessage');
    const huge = await t.admin({
      method: 'POST',
      url: '/api/admin/record-ui-error',
      payload: { errorMessage: 'boom', errorStack: 'x'.repeat(10_001) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0].path).toBe('/body/errorStack');
  });
});
