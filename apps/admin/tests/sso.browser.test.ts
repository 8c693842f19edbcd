// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../server/src/testing/server-process.ts';
import { startSamlIdp, type SamlIdp } from '../../server/src/testing/saml-idp.ts';
import { browserMissing, openSharedBrowser, screenshot, seriousViolations } from './browser.ts';

const missing = browserMissing();
const ADMIN_TOKEN = '*:*.sso-browser-test';

/** An admin sets up SAML on the Single sign-on screen, then someone signs in through a local identity provider. */
describe.skipIf(missing)('single sign-on in Chromium', { timeout: 120_000 }, () => {
  let idp: SamlIdp;
  let server: ServerProcess;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | undefined;
  let dataDir: string;

  beforeAll(async () => {
    idp = await startSamlIdp({ ada: { email: 'ada@example.com', name: 'Ada Lovelace' } });
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-sso-'));
    server = await startServerProcess(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_UI_DIR: path.resolve(import.meta.dirname, '../dist'),
        INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      240_000,
    );
    ({ browser, close: closeBrowser } = await openSharedBrowser());
  }, 300_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    await idp?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves the SAML settings on the Single sign-on screen', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/single-sign-on`);
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('unleash4all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
    await page.getByRole('tab', { name: 'SAML' }).click();
    await page.getByText(`${server.url}/auth/saml/callback`).waitFor();

    // Enabled without what SAML needs: the server's refusal shows at the field.
    await page.getByLabel('Enable SAML 2.0').check({ force: true });
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await page.getByText('entityId is required when SAML is enabled').waitFor();

    await page.getByLabel('Identity provider entity ID').fill(idp.entityId);
    await page.getByLabel('Single sign-on URL').fill(idp.signOnUrl);
    await page.getByLabel('X.509 signing certificate').fill(idp.certificate);
    await page.getByLabel('Button text').fill('Sign in with Test IdP');
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await page.getByText('SAML settings saved').waitFor();
    expect(await seriousViolations(page), 'single sign-on screen accessibility').toEqual([]);
    expect(await screenshot(page, 'sso-settings')).toBeGreaterThan(5);

    const saved = await fetch(`${server.url}/api/admin/auth/saml/settings`, {
      headers: { authorization: ADMIN_TOKEN },
    });
    expect(await saved.json()).toMatchObject({
      enabled: true,
      entityId: idp.entityId,
      signOnUrl: idp.signOnUrl,
      buttonText: 'Sign in with Test IdP',
    });
    await page.context().close();
  });

  it('signs in through the identity provider with the SAML button', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/projects`);
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
    await page.getByRole('button', { name: 'Sign in as ada' }).click();
    await page.getByRole('button', { name: /user menu/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects');
    const me = await page.request.get(`${server.url}/api/admin/user`);
    expect((await me.json()).user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    await page.context().close();
  });
});
