// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider } from '../../server/src/testing/oidc-provider.ts';
import { freePort, startServerProcess, type ServerProcess } from '../../server/src/testing/server-process.ts';
import { browserMissing, launchChromium, screenshot, seriousViolations } from './browser.ts';

const missing = browserMissing();

/** Single sign-on in Chromium: Switchyard's sign-in page, a real OpenID Connect provider's pages, and back. */
describe.skipIf(missing)('single sign-on in Chromium', { timeout: 60_000 }, () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let server: ServerProcess;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({
      clientId: 'switchyard',
      clientSecret: 'browser-test-secret',
      redirectUri: `${url}/auth/oidc/callback`,
      accounts: {
        ada: { email: 'ada@example.com', name: 'Ada Lovelace' },
        mallory: { email: 'mallory@elsewhere.test', name: 'Mallory' },
      },
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-sso-'));
    server = await startServerProcess(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_UI_DIR: path.resolve(import.meta.dirname, '../dist'),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'switchyard',
        OIDC_CLIENT_SECRET: 'browser-test-secret',
        OIDC_BUTTON_TEXT: 'Sign in with Example ID',
        OIDC_ALLOWED_DOMAINS: 'example.com',
        PUBLIC_URL: url,
      },
      60_000,
    );
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The provider's development pages: any password for a known account, then consent. */
  async function signInAtProvider(page: Page, login: string) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs a new person in through the provider and lands where they started', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/segments`);
    const button = page.getByRole('link', { name: 'Sign in with Example ID' });
    await button.waitFor();
    expect(await seriousViolations(page), 'sign-in page accessibility').toEqual([]);
    expect(await screenshot(page, 'sso-sign-in')).toBeGreaterThan(5);
    await button.click();
    await page.waitForURL(new RegExp(`^${provider.issuer}/`));
    await signInAtProvider(page, 'ada');

    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/segments');
    await page.getByRole('button', { name: /user menu/ }).click();
    await page.getByText('ada@example.com · Viewer').waitFor();
    await page.context().close();
  });

  it('keeps out someone the settings do not allow, and says why on the sign-in page', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/projects`);
    await page.getByRole('link', { name: 'Sign in with Example ID' }).click();
    await signInAtProvider(page, 'mallory');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('People from elsewhere.test cannot get an account here');
    expect(await page.getByRole('heading', { name: 'Sign in to Switchyard' }).count()).toBe(1);
    const me = await page.request.get(`${server.url}/api/admin/user`);
    expect(me.status()).toBe(401);
    await page.context().close();
  });
});
