import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../../../testing/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ...smtp.env, PUBLIC_URL: 'https://flags.example.com' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let lastAddress = 0;
/** Each ask from its own client address, so the per-address limit only bites where a test wants it to. */
const ask = (email: string, remoteAddress = `10.0.0.${++lastAddress}`) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/reset/password-email',
    payload: { email },
    remoteAddress,
  });
const validate = (token: string) =>
  t.app.inject({ method: 'GET', url: `/auth/reset/validate?token=${encodeURIComponent(token)}` });
const setPassword = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/reset/password', payload: { token, password } });
const signIn = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/auth/simple/login', payload: { username, password } }))
    .statusCode;

async function createUser(payload: Record<string, unknown>) {
  const created = await t.admin({ method: 'POST', url: '/api/admin/user-admin', payload });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; emailSent: boolean; inviteLink?: string };
}

/** The one link in an email: the same in its text and its HTML. */
function linkIn(email: ReceivedEmail): URL {
  const inText = email.text.match(/https:\/\/flags\.example\.com\/[^\s]+/g) ?? [];
  expect(inText).toHaveLength(1);
  expect(email.html).toContain(`href="${inText[0]!.replace(/&/g, '&amp;')}"`);
  return new URL(inText[0]!);
}

describe('the welcome email', () => {
  it('goes to a new user with a link that sets their first password, once', async () => {
    const user = await createUser({ email: 'wendy@example.com', name: 'Wendy', rootRole: 3 });
    expect(user.emailSent).toBe(true);
    const email = await smtp.next('wendy@example.com');
    expect(email.from).toBe('switchyard@example.com');
    expect(email.subject).toBe('Your Switchyard account');
    expect(email.text).toContain('Hello Wendy,');
    expect(email.html).toContain('<p>Hello Wendy,</p>');
    const link = linkIn(email);
    expect(link.pathname).toBe('/new-user');
    expect(user.inviteLink).toBe(link.href);
    const token = link.searchParams.get('token')!;

    const valid = await validate(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({
      id: user.id,
      email: 'wendy@example.com',
      purpose: 'welcome',
      role: { id: 3, type: 'root', name: 'Viewer' },
      createdBy: 'init-admin-token-1',
    });
    expect((await setPassword(token, 'wendys-first-password')).statusCode).toBe(200);
    expect(await signIn('wendy@example.com', 'wendys-first-password')).toBe(200);

    const again = await setPassword(token, 'someone-elses-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0].path).toBe('/body/token');
    expect((await validate(token)).json().details[0].path).toBe('/querystring/token');
    expect(await signIn('wendy@example.com', 'someone-elses-password')).toBe(401);
  });

  it('is not sent to a user without an email address', async () => {
    const user = await createUser({ username: 'no-mail', password: 'a-long-password', rootRole: 3 });
    expect(user).toMatchObject({ emailSent: false });
    expect(user.inviteLink).toBeUndefined();
  });
});

describe('resetting a forgotten password', () => {
  it('emails a link that sets a new password once and ends every session', async () => {
    await createUser({ email: 'rita@example.com', password: 'ritas-old-password', rootRole: 2 });
    await smtp.next('rita@example.com');
    const session = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'rita@example.com', password: 'ritas-old-password' },
    });
    const cookie = `switchyard-session=${session.cookies.find((c) => c.name === 'switchyard-session')!.value}`;

    const asked = await ask('RITA@example.com');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ emailEnabled: true });
    const email = await smtp.next('rita@example.com');
    expect(email.subject).toBe('Reset your Switchyard password');
    const link = linkIn(email);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect((await validate(token)).json()).toMatchObject({ email: 'rita@example.com', purpose: 'reset' });
    // The old password works until the link is used.
    expect(await signIn('rita@example.com', 'ritas-old-password')).toBe(200);

    expect((await setPassword(token, 'ritas-new-password')).statusCode).toBe(200);
    expect(await signIn('rita@example.com', 'ritas-new-password')).toBe(200);
    expect(await signIn('rita@example.com', 'ritas-old-password')).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await setPassword(token, 'yet-another-password')).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    await createUser({ email: 'ed@example.com', password: 'eds-old-password', rootRole: 3 });
    await smtp.next('ed@example.com');
    await ask('ed@example.com');
    const token = linkIn(await smtp.next('ed@example.com')).searchParams.get('token')!;
    await t.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = 'ed@example.com') AND purpose = 'reset'`,
    );
    expect((await validate(token)).statusCode).toBe(400);
    const refused = await setPassword(token, 'eds-new-password');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ name: 'BadDataError', details: [{ path: '/body/token' }] });
    expect(await signIn('ed@example.com', 'eds-old-password')).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = await ask('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ emailEnabled: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((e) => e.to.includes('nobody@example.com'))).toEqual([]);
  });

  it('sends one person at most three links in fifteen minutes, and limits asks per client address', async () => {
    await createUser({ email: 'flo@example.com', password: 'flos-password-1', rootRole: 3 });
    await smtp.next('flo@example.com');
    for (let i = 0; i < 4; i++) expect((await ask('flo@example.com')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await smtp.next('flo@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((e) => e.to.includes('flo@example.com'))).toEqual([]);

    for (let i = 0; i < 10; i++) expect((await ask(`x${i}@example.com`, '192.0.2.7')).statusCode).toBe(200);
    const limited = await ask('x@example.com', '192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const noEmail = await t.app.inject({ method: 'POST', url: '/auth/reset/password-email', payload: {} });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details[0].path).toBe('/body/email');
    expect((await ask('not-an-address')).json().details[0].path).toBe('/body/email');
    const noToken = await t.app.inject({ method: 'GET', url: '/auth/reset/validate' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().details[0].path).toBe('/querystring/token');
    expect((await validate('made-up')).statusCode).toBe(400);
    const short = await setPassword('made-up', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].path).toBe('/body/password');
    const check = (password: unknown) =>
      t.app.inject({ method: 'POST', url: '/auth/reset/validate-password', payload: { password } });
    expect((await check('long-enough-password')).statusCode).toBe(200);
    expect((await check('short')).json().details[0].path).toBe('/body/password');
    expect((await check(12345678)).statusCode).toBe(400);
  });
});

describe("an admin's reset link", () => {
  it('is emailed to the user and handed to the admin; only admins may make one', async () => {
    const user = await createUser({ email: 'adam@example.com', password: 'adams-password', rootRole: 3 });
    await smtp.next('adam@example.com');
    const made = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/reset-password',
      payload: { id: 'adam@example.com' },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ emailSent: true });
    const link = linkIn(await smtp.next('adam@example.com'));
    expect(made.json().resetPasswordUrl).toBe(link.href);

    const byId = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/reset-password',
      payload: { id: String(user.id) },
    });
    expect(byId.statusCode).toBe(200);
    await smtp.next('adam@example.com');

    const missing = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin/reset-password',
      payload: { id: 'ghost@example.com' },
    });
    expect(missing.statusCode).toBe(404);
    const editor = await t.as('Editor');
    expect(
      (
        await editor({
          method: 'POST',
          url: '/api/admin/user-admin/reset-password',
          payload: { id: 'adam@example.com' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('says email is on in the UI configuration', async () => {
    const viewer = await t.as('Viewer');
    const config = await viewer({ method: 'GET', url: '/api/admin/ui-config' });
    expect(config.json()).toMatchObject({
      unleashUrl: 'https://flags.example.com',
      baseUriPath: '',
      emailEnabled: true,
    });
  });
});

describe('without email settings', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('hands the admin the link to pass on, and the UI configuration says email is off', async () => {
    const created = await plain.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { email: 'nina@example.com', rootRole: 3 },
    });
    expect(created.json()).toMatchObject({ emailSent: false });
    expect(created.json().inviteLink).toMatch(/^http:\/\/localhost:4242\/new-user\?token=/);

    const made = await plain.admin({
      method: 'POST',
      url: '/api/admin/user-admin/reset-password',
      payload: { id: 'nina@example.com' },
    });
    expect(made.json()).toMatchObject({ emailSent: false });
    const token = new URL(made.json().resetPasswordUrl).searchParams.get('token')!;
    expect(
      (
        await plain.app.inject({
          method: 'POST',
          url: '/auth/reset/password',
          payload: { token, password: 'ninas-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await plain.app.inject({
          method: 'POST',
          url: '/auth/simple/login',
          payload: { username: 'nina@example.com', password: 'ninas-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await plain.admin({ method: 'GET', url: '/api/admin/ui-config' })).json().emailEnabled).toBe(
      false,
    );
  });

  it('tells the sign-in page that no reset email goes out, for any address', async () => {
    for (const email of ['nina@example.com', 'nobody@example.com']) {
      const asked = await plain.app.inject({
        method: 'POST',
        url: '/auth/reset/password-email',
        payload: { email },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ emailEnabled: false });
    }
  });
});
