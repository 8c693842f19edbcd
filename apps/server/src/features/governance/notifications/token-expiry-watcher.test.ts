import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Person } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { warnExpiringTokens } from './token-expiry-watcher.ts';

/**
 * Tokens about to expire are told once (decision record 0058): an API token with an `api-token-expiring` event and a
 * notification to each Admin, a personal access token with a notification to its owner; the clock is the test's.
 */
let t: TestApp;
let admin: Person;
let owner: Person;
const DAY = 86_400_000;
const now = new Date(Date.now() + DAY);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'expiry-admin', 1);
  owner = await signedIn(t, 'expiry-owner', 2);
}, 120_000);
afterAll(() => t.close());

async function apiToken(tokenName: string, inDays: number): Promise<string> {
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: {
      tokenName,
      type: 'client',
      environment: 'development',
      projects: ['*'],
      expiresAt: new Date(now.getTime() + inDays * DAY).toISOString(),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().secret;
}

const notificationsOf = async (person: Person) =>
  (await person.send({ method: 'GET', url: '/api/admin/notifications' }))
    .json()
    .filter((n: { notificationType: string }) => n.notificationType === 'token-expiry')
    .map((n: { message: string; link: string }) => ({ message: n.message, link: n.link }));

describe('token expiry warnings', () => {
  it('tell once of the tokens that expire within a week, however many processes look', async () => {
    await apiToken('soon-sdk', 3);
    await apiToken('later-sdk', 30);
    const pat = await owner.send({
      method: 'POST',
      url: '/api/admin/user/tokens',
      payload: { description: 'ci-script', expiresAt: new Date(now.getTime() + 2 * DAY).toISOString() },
    });
    expect(pat.statusCode, pat.body).toBe(201);

    const [first, second] = await Promise.all([warnExpiringTokens(t.db, now), warnExpiringTokens(t.db, now)]);
    expect([...first!.apiTokens, ...second!.apiTokens]).toEqual(['soon-sdk']);
    expect([...first!.personalAccessTokens, ...second!.personalAccessTokens]).toHaveLength(1);
    expect(await warnExpiringTokens(t.db, new Date(now.getTime() + 60_000))).toEqual({
      apiTokens: [],
      personalAccessTokens: [],
    });

    const events = await t.db.query<{ data: { tokenName: string; type: string }; created_by: string }>(
      "SELECT data, created_by FROM events WHERE type = 'api-token-expiring'",
    );
    expect(events).toEqual([
      { data: expect.objectContaining({ tokenName: 'soon-sdk', type: 'client' }), created_by: 'Switchyard' },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/secret/i);
    expect(await notificationsOf(admin)).toEqual([
      { message: expect.stringMatching(/^API token "soon-sdk" expires in 3 days/), link: '/api-tokens' },
    ]);
    expect(await notificationsOf(owner)).toEqual([
      {
        message: 'Your personal access token "ci-script" expires in 2 days',
        link: '/profile/personal-api-tokens',
      },
    ]);
  });

  it('tell again once the expiry is changed and comes near again', async () => {
    const secret = await apiToken('moved-sdk', 5);
    expect((await warnExpiringTokens(t.db, now)).apiTokens).toEqual(['moved-sdk']);
    const moved = await t.admin({
      method: 'PUT',
      url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
      payload: { expiresAt: new Date(now.getTime() + 20 * DAY).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    expect((await warnExpiringTokens(t.db, now)).apiTokens).toEqual([]);
    expect((await warnExpiringTokens(t.db, new Date(now.getTime() + 15 * DAY))).apiTokens).toEqual([
      'moved-sdk',
    ]);
  });
});
