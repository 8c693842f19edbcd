// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../server/src/testing/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/src/testing/smtp-server.ts';
import { browserMissing, openSharedBrowser, screenshot, seriousViolations } from './browser.ts';

const missing = browserMissing();
const ADMIN_TOKEN = '*:*.password-reset-browser-test';

/** A forgotten password in Chromium: the sign-in page, the email at a real SMTP server, its link, a new password. */
describe.skipIf(missing)('forgot password in Chromium', { timeout: 90_000 }, () => {
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | undefined;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-reset-'));
    server = await startServerProcess(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_UI_DIR: path.resolve(import.meta.dirname, '../dist'),
        INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...smtp.env,
      },
      60_000,
    );
    ({ browser, close: closeBrowser } = await openSharedBrowser());
    const created = await fetch(`${server.url}/api/admin/user-admin`, {
      method: 'POST',
      headers: { authorization: ADMIN_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'pat@example.com',
        name: 'Pat',
        password: 'pats-old-password',
        rootRole: 3,
      }),
    });
    expect(created.status).toBe(201);
    // The welcome email; this test is about the reset that follows.
    await smtp.next('pat@example.com');
  });

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets a new password through the emailed link, and signs in with it', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/projects`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgotten-password');
    expect(await seriousViolations(page), 'forgot-password page accessibility').toEqual([]);
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText('Check your email').waitFor();

    const email = await smtp.next('pat@example.com');
    expect(email.subject).toBe('Reset your Switchyard password');
    const link = email.text.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    expect(email.html).toContain(`href="${link}"`);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText('pat@example.com').waitFor();
    expect(await seriousViolations(page), 'reset page accessibility').toEqual([]);
    expect(await screenshot(page, 'password-reset')).toBeGreaterThan(5);
    await page.getByLabel('New password', { exact: true }).fill('pats-new-password');
    await page.getByLabel('New password again').fill('pats-new-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.getByLabel('Username or email').fill('pat@example.com');
    await page.getByLabel('Password', { exact: true }).fill('pats-new-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /user menu/ }).waitFor();
    const me = await page.request.get(`${server.url}/api/admin/user`);
    expect((await me.json()).user.email).toBe('pat@example.com');

    // The link worked once.
    await page.goto(link!);
    await page.getByText('This link cannot be used').waitFor();
    const old = await fetch(`${server.url}/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pat@example.com', password: 'pats-old-password' }),
    });
    expect(old.status).toBe(401);
    await page.context().close();
  });

  it('shows an admin the sign-ins, refused ones with their reason', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/login-history`);
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('unleash4all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Login history' }).waitFor();
    await page.getByLabel('Name or address').fill('pat@');
    // The filter is applied by the server: the admin's own sign-in drops out.
    await expect.poll(() => page.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(0);
    const refused = page.getByRole('row', { name: /pat@example\.com.*Refused/ });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Wrong password');
    expect(await page.getByRole('row', { name: /pat@example\.com.*Signed in/ }).count()).toBe(1);
    expect(await seriousViolations(page), 'login history accessibility').toEqual([]);
    expect(await screenshot(page, 'login-history')).toBeGreaterThan(5);
    await page.context().close();
  });
});
