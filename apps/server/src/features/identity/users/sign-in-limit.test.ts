import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { hashPassword } from './password.ts';
import { createUserStore } from './user-store.ts';

const PASSWORD = 'the-right-password';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_FAILURES_PER_USER: '3',
    SIGN_IN_FAILURES_PER_IP: '6',
    SIGN_IN_FAILURE_WINDOW_MINUTES: '15',
  });
});
afterAll(() => t.close());

let users = 0;
/** A new user with PASSWORD, so each test counts its own failures. */
async function newUser(): Promise<string> {
  const username = `limited-${++users}`;
  await createUserStore(t.db).insert({
    username,
    email: `${username}@example.com`,
    rootRole: 3,
    passwordHash: await hashPassword(PASSWORD),
  });
  return username;
}

let addresses = 0;
/** A client address of its own, so per-address counts do not leak between tests. */
const newAddress = () => `198.51.100.${++addresses}`;

const signIn = (username: string, password: string, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/auth/simple/login', payload: { username, password }, remoteAddress });

describe('the sign-in limit', () => {
  it('refuses a user name after its wrong passwords, even with the right one, with Retry-After', async () => {
    const username = await newUser();
    const ip = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(username, 'wrong-password', ip)).statusCode).toBe(401);
    for (const address of [ip, newAddress()]) {
      const refused = await signIn(username.toUpperCase(), PASSWORD, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        name: 'TooManyRequestsError',
        message: /Try again in 15 minutes/,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(refused.cookies).toEqual([]);
    }
    // Once the failures are older than the window (the clock moved on), the right password works again.
    await t.db.query("UPDATE sign_in_failures SET failed_at = failed_at - interval '15 minutes'");
    expect((await signIn(username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it("counts a user's username and email as one account", async () => {
    const username = await newUser();
    const ip = newAddress();
    for (const login of [username, `${username}@example.com`, username])
      expect((await signIn(login, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await signIn(`${username}@EXAMPLE.com`, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('counts wrong current passwords when changing your password', async () => {
    const username = await newUser();
    const login = await signIn(username, PASSWORD, newAddress());
    const cookie = login.cookies.find((c) => c.name === 'switchyard-session')!;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/user/change-password',
        cookies: { [cookie.name]: cookie.value },
        remoteAddress: newAddress(),
        payload: { oldPassword, password: 'a-new-password-1' },
      });
    for (let i = 0; i < 3; i++) expect((await change('wrong-password')).statusCode).toBe(400);
    const refused = await change(PASSWORD);
    expect([refused.statusCode, refused.json().name]).toEqual([429, 'TooManyRequestsError']);
    expect((await signIn(username, PASSWORD, newAddress())).statusCode).toBe(429);
  });

  it('refuses an address after its wrong passwords, whatever user name it tries next', async () => {
    const ip = newAddress();
    const names = await Promise.all([newUser(), newUser(), newUser()]);
    for (const name of names) {
      for (let i = 0; i < 2; i++) expect((await signIn(name, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const other = await newUser();
    expect((await signIn(other, PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn(other, PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('counts unknown user names like known ones', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn('nobody-here', 'guess', ip)).statusCode).toBe(401);
    expect((await signIn('nobody-here', 'guess', ip)).statusCode).toBe(429);
  });

  it("forgets a user name's typos once the right password came", async () => {
    const username = await newUser();
    const ip = newAddress();
    for (let i = 0; i < 2; i++) expect((await signIn(username, 'typo', ip)).statusCode).toBe(401);
    expect((await signIn(username, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(username, 'typo', ip)).statusCode).toBe(401);
    expect((await signIn(username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts in the database, so every server process on it sees the same failures', async () => {
    const other = await buildApp({ db: t.db, config: t.config, secrets: t.secrets });
    try {
      const username = await newUser();
      expect((await signIn(username, 'wrong', newAddress())).statusCode).toBe(401);
      expect((await signIn(username, 'wrong', newAddress(), other)).statusCode).toBe(401);
      expect((await signIn(username, 'wrong', newAddress())).statusCode).toBe(401);
      expect((await signIn(username, PASSWORD, newAddress(), other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('holds when guesses arrive all at once', async () => {
    const username = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn(username, 'parallel-guess', newAddress())),
    );
    const codes = answers.map((a) => a.statusCode);
    // Each guess is counted before its password is checked, so none races past the limit of 3.
    expect(codes.sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });
});

describe('sign-in timing', () => {
  it('does not tell unknown user names from known ones', async () => {
    const username = await newUser();
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const timed = async (name: string) => {
      const started = performance.now();
      const answer = await signIn(name, 'wrong-password', newAddress());
      expect(answer.statusCode).toBe(401);
      return performance.now() - started;
    };
    // Clear the user's failures between rounds so the limit of 3 does not answer instead.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timed(username));
      unknown.push(await timed(`nobody-${i}`));
      await t.db.query('DELETE FROM sign_in_failures');
    }
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown)} ms, known ${median(known)} ms`).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});
