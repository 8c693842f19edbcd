// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * A personal access token's whole life from the user menu, in Chromium against the real server: created, its
 * secret read once and used, then deleted, after which the server refuses it.
 */
describe.skipIf(missing)('admin UI in Chromium: personal access tokens', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let page: Page;
  let secret = '';
  /** GET /api/admin/user with the token instead of the browser's session. */
  const whoAmI = (authorization: string) =>
    fetch(`${session.server.url}/api/admin/user`, { headers: { authorization } });

  beforeAll(async () => {
    session = await openAdminSession();
    page = session.page;
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url });
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('creates a token from the user menu and shows its secret once', async () => {
    await page.getByRole('button', { name: /user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Personal access tokens' }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal access tokens' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/personal-api-tokens');

    await page.getByRole('button', { name: 'New token' }).first().click();
    const form = page.getByRole('dialog', { name: 'New personal access token' });
    await form.getByLabel(/^Description/).fill('release pipeline');
    await session.pick(form, 'Expires', '90 days');
    await form.getByText(/^Works until the end of/).waitFor();
    await session.checkScreen('personal-access-token-form');
    await form.getByRole('button', { name: 'Create token' }).click();

    const created = page.getByRole('dialog', { name: 'Token created' });
    secret = (await created.getByTestId('token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^user:[0-9a-f]{56}$/);
    await created.getByText(/will not be shown again/).waitFor();
    await created.getByRole('button', { name: 'Copy secret' }).click();
    await created.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await session.checkScreen('personal-access-token-created');
    await created.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('cell', { name: 'release pipeline', exact: true }).waitFor();
    await session.checkScreen('personal-access-tokens');
    expect(await page.getByTestId('token-secret').count()).toBe(0);
    expect(await page.getByText(secret).count()).toBe(0);
  });

  it('lets the token call the Admin API as its user', async () => {
    const response = await whoAmI(secret);
    expect(response.status).toBe(200);
    expect((await response.json()).user.username).toBe('admin');
  });

  it('deletes the token after confirmation, after which the server refuses it', async () => {
    await page.getByRole('button', { name: 'Delete release pipeline' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “release pipeline”?' })
      .getByRole('button', { name: 'Delete token' })
      .click();
    await page.getByText('You have no personal access tokens yet.').waitFor();
    expect((await whoAmI(secret)).status).toBe(401);
  });
});
