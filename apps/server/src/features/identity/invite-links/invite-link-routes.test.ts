import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { hashSecret } from '../api-tokens/api-token.ts';
import { createInviteLinkStore } from './invite-link-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://flags.example.com' });
});
afterAll(() => t.close());

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const snapshot = async () => ({
  links: await t.db.query(
    'SELECT secret_hash, display_secret, name, enabled, expires_at FROM invite_links ORDER BY secret_hash',
  ),
  users: await t.db.query('SELECT id, email FROM users ORDER BY id'),
});

async function createLink(name = 'Onboarding') {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/invite-link/tokens',
    payload: { name, expiresAt: inAWeek() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const signUp = (secret: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/invite/${secret}/signup`, payload });

describe('invite links', () => {
  it('creates a link to the sign-up page that grants the Viewer role, and shows its secret only then', async () => {
    const link = await createLink('Team A');
    expect(link).toMatchObject({
      name: 'Team A',
      enabled: true,
      url: `https://flags.example.com/new-user?invite=${link.secret}`,
      users: [],
      role: { id: 3, name: 'Viewer' },
    });
    expect(link.secret).toMatch(/^[0-9a-f]{48}$/);
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/invite-link/tokens' })).json().tokens;
    const masked = listed.find((l: { createdAt: string }) => l.createdAt === link.createdAt);
    expect(masked).toMatchObject({
      name: 'Team A',
      secret: `${link.secret.slice(0, 6)}…${link.secret.slice(-6)}`,
    });
    expect(masked).not.toHaveProperty('url');
    expect(JSON.stringify(listed)).not.toContain(link.secret);
    // Admins name a link by its secret or by the masked form; only the secret itself lets people sign up.
    for (const key of [link.secret, masked.secret]) {
      const one = await t.admin({
        method: 'GET',
        url: `/api/admin/invite-link/tokens/${encodeURIComponent(key)}`,
      });
      expect([one.statusCode, one.json().name, one.json().secret]).toEqual([200, 'Team A', masked.secret]);
    }
    const validate = (key: string) =>
      t.app.inject({ method: 'GET', url: `/invite/${encodeURIComponent(key)}/validate` });
    expect((await validate(link.secret)).statusCode).toBe(200);
    expect((await validate(masked.secret)).statusCode).toBe(400);
  });

  it('stores only the hash of the secret', async () => {
    const link = await createLink('Hashed');
    const rows = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM invite_links WHERE display_secret = $1',
      [`${link.secret.slice(0, 6)}…${link.secret.slice(-6)}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toBe(hashSecret(link.secret));
    expect(JSON.stringify(rows)).not.toContain(link.secret);
  });

  it('lets a person sign up once with it, signed in as a Viewer, and lists them on the link', async () => {
    const link = await createLink();
    const response = await signUp(link.secret, {
      name: 'Vera',
      email: 'Vera@Example.com',
      password: 'vera-password-1',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'vera@example.com',
      name: 'Vera',
      rootRoleName: 'Viewer',
    });
    const session = response.cookies.find((cookie) => cookie.name === 'switchyard-session')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'switchyard-session': session.value },
    });
    expect(me.json().user.email).toBe('vera@example.com');
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'vera@example.com', password: 'vera-password-1' },
    });
    expect(login.statusCode).toBe(200);
    const again = await t.admin({ method: 'GET', url: `/api/admin/invite-link/tokens/${link.secret}` });
    expect(again.json().users).toEqual([
      { id: me.json().user.id, name: 'Vera', email: 'vera@example.com', username: null },
    ]);
    const taken = await signUp(link.secret, {
      name: 'Vera 2',
      email: 'vera@example.com',
      password: 'other-password-1',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses a link that is turned off, expired or unknown, and creates nobody', async () => {
    const link = await createLink();
    const off = await t.admin({
      method: 'PUT',
      url: `/api/admin/invite-link/tokens/${link.secret}`,
      payload: { enabled: false },
    });
    expect(off.json().enabled).toBe(false);
    await t.db.query(
      "INSERT INTO invite_links (secret_hash, display_secret, name, expires_at) VALUES ($1, 'old…', 'Old', now() - interval '1 day')",
      [hashSecret('old')],
    );
    const before = await snapshot();
    for (const secret of [link.secret, 'old', 'never-existed']) {
      expect((await t.app.inject({ method: 'GET', url: `/invite/${secret}/validate` })).statusCode).toBe(400);
      const response = await signUp(secret, {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'mallory-pass-1',
      });
      expect(response.statusCode, secret).toBe(400);
      expect(response.json().message).toMatch(/cannot be used/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 400 that names the field, and changes nothing', async () => {
    const link = await createLink();
    const before = await snapshot();
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        '/api/admin/invite-link/tokens',
        { name: 'Past', expiresAt: '2020-01-01T00:00:00.000Z' },
        '/body/expiresAt',
      ],
      ['POST', '/api/admin/invite-link/tokens', { expiresAt: inAWeek() }, '/body/name'],
      [
        'PUT',
        `/api/admin/invite-link/tokens/${link.secret}`,
        { expiresAt: '2020-01-01T00:00:00.000Z' },
        '/body/expiresAt',
      ],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await t.admin({ method: method as 'POST', url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details.map((d: { path?: string }) => d.path)).toContain(path);
    }
    for (const [payload, path] of [
      [{ name: 'X', email: 'not-an-email', password: 'long-enough-1' }, '/body/email'],
      [{ name: 'X', email: 'x@example.com', password: 'short' }, '/body/password'],
      [{ email: 'x@example.com', password: 'long-enough-1' }, '/body/name'],
    ] as const) {
      const response = await signUp(link.secret, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { path?: string }) => d.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets only admins see and manage links', async () => {
    const link = await createLink();
    for (const role of ['Viewer', 'Editor'] as const) {
      const as = await t.as(role);
      expect((await as({ method: 'GET', url: '/api/admin/invite-link/tokens' })).statusCode).toBe(403);
      expect(
        (
          await as({
            method: 'PUT',
            url: `/api/admin/invite-link/tokens/${link.secret}`,
            payload: { enabled: false },
          })
        ).statusCode,
      ).toBe(403);
    }
    const missing = await t.admin({ method: 'GET', url: '/api/admin/invite-link/tokens/nope' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('invite links made before their secrets were hashed', () => {
  it('keep working, and keep who signed up with them, with only hashes left in the database', async () => {
    const db = await createTestDb({ migrateBefore: '0065_hash_invite_link_secrets.sql' });
    try {
      const secret = 'c0ffee00112233445566778899aabbccddeeff0011223344';
      await db.query(
        "INSERT INTO invite_links (secret, name, expires_at) VALUES ($1, 'Shared last week', now() + interval '1 day')",
        [secret],
      );
      const [user] = await db.query<{ id: number }>(
        "INSERT INTO users (username, root_role) VALUES ('early', 'Viewer') RETURNING id",
      );
      await db.query('INSERT INTO invite_link_users (secret, user_id) VALUES ($1, $2)', [secret, user!.id]);
      await migrate(db);
      const links = await db.query<Record<string, unknown>>('SELECT * FROM invite_links');
      expect(links).toMatchObject([
        {
          secret_hash: hashSecret(secret),
          display_secret: `c0ffee…#${hashSecret(secret).slice(0, 8)}`,
          name: 'Shared last week',
        },
      ]);
      expect(await db.query('SELECT secret_hash, user_id FROM invite_link_users')).toEqual([
        { secret_hash: hashSecret(secret), user_id: user!.id },
      ]);
      expect(JSON.stringify(links)).not.toContain(secret);
      const found = await createInviteLinkStore(db).findBySecret(secret);
      expect(found?.users).toEqual([{ id: user!.id, name: null, email: null, username: 'early' }]);
    } finally {
      await db.close();
    }
  });
});
