import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildFlag } from '../testing/flag-builder.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../testing/test-app.ts';

const PUBLIC_URL = 'https://flags.example.com';
let t: TestApp;
let asEditor: (options: InjectOptions) => ReturnType<TestApp['admin']>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  asEditor = await t.as('Editor');
});
afterAll(() => t.close());

let flags = 0;
/** A new flag, off in development, and the bodiless POST that turns it on. */
async function turnOn(): Promise<{ url: string; isOn: () => Promise<boolean> }> {
  const name = `csrf-${++flags}`;
  await buildFlag(t.db, { name, environments: { development: { enabled: false } } });
  return {
    url: `/api/admin/projects/default/features/${name}/environments/development/on`,
    isOn: async () => {
      const [row] = await t.db.query<{ enabled: boolean }>(
        "SELECT enabled FROM flag_environments WHERE flag_name = $1 AND environment_name = 'development'",
        [name],
      );
      return row!.enabled;
    },
  };
}

describe('cross-site request forgery', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null from a sandboxed page', { origin: 'null' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.com' }],
    [
      'a cross-site fetch even when Origin is forged to match',
      { 'sec-fetch-site': 'cross-site', origin: PUBLIC_URL },
    ],
  ])('refuses a change with the session cookie from %s, and changes nothing', async (_case, headers) => {
    const flag = await turnOn();
    const response = await asEditor({ method: 'POST', url: flag.url, headers });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      name: 'NoAccessError',
      message: expect.stringMatching(/another site/),
    });
    expect(await flag.isOn()).toBe(false);
  });

  it.each([
    ['the same origin, says the browser', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }],
    ['PUBLIC_URL as Origin (an older browser)', { origin: PUBLIC_URL }],
    [
      'the Host it was sent to as Origin',
      { origin: 'http://switchyard.internal:4242', host: 'switchyard.internal:4242' },
    ],
    [
      'the host a trusted proxy forwards',
      { origin: 'https://flags.other.example', 'x-forwarded-host': 'flags.other.example' },
    ],
    ['a script, with neither header', {}],
  ])('lets a change with the session cookie through from %s', async (_case, headers) => {
    const flag = await turnOn();
    const response = await asEditor({ method: 'POST', url: flag.url, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(await flag.isOn()).toBe(true);
  });

  it('lets through changes sent with a token, which a forged request cannot carry, and reads from anywhere', async () => {
    const flag = await turnOn();
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const withToken = await t.app.inject({
      method: 'POST',
      url: flag.url,
      headers: { ...foreign, authorization: ADMIN_TOKEN },
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    const read = await asEditor({ method: 'GET', url: '/api/admin/projects', headers: foreign });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another site (login CSRF), and sets no cookie', async () => {
    await t.as('Viewer'); // creates test-viewer with password-1234
    const signIn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/simple/login',
        headers,
        payload: { username: 'test-viewer', password: 'password-1234' },
      });
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await signIn(headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().name).toBe('NoAccessError');
      expect(refused.cookies).toEqual([]);
    }
    const ours = await signIn({ origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' });
    expect(ours.statusCode).toBe(200);
  });
});
