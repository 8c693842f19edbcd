// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * Finding things in Chromium: the command menu, the search screen across projects, the personal dashboard with a
 * starred flag, lifecycle stages with "Mark completed", and the project's settings tab.
 */
describe.skipIf(missing)('admin UI in Chromium: finding flags and projects', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let page: Page;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const flagPath = '/projects/default/flags/checkout-v2';

  beforeAll(async () => {
    session = await openAdminSession();
    page = session.page;
    await api('POST', '/api/admin/projects', { id: 'shop', name: 'Shop' });
    await api('POST', '/api/admin/projects/default/features', { name: 'checkout-v2', type: 'release' });
    await api('POST', '/api/admin/projects/shop/features', { name: 'shop-banner', type: 'release' });
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('opens the command menu with Ctrl+K and goes to the flag chosen with Enter', async () => {
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Go to or do' });
    const input = dialog.getByRole('combobox');
    await input.fill('checkout-v');
    // The flag itself, not the actions on it ("Turn on checkout-v2 in …") that the menu also offers.
    const option = dialog.getByRole('option', { name: /^checkout-v2/ });
    await option.waitFor();
    await expect.poll(() => option.first().getAttribute('aria-selected')).toBe('true');
    await session.checkScreen('find-command-menu');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${flagPath}`);
    await page.getByRole('heading', { level: 1, name: /checkout-v2/ }).waitFor();
  });

  it('searches flags across projects and filters them by project', async () => {
    await session.go('/search');
    const table = page.getByRole('table', { name: 'Found flags' });
    await table.getByRole('link', { name: 'shop-banner' }).waitFor();
    await table.getByRole('link', { name: 'checkout-v2' }).waitFor();
    await session.pick(page, 'Project', 'Shop');
    await page.getByRole('heading', { level: 1, name: 'Search flags' }).click();
    await expect.poll(() => page.url()).toContain('project=shop');
    await expect.poll(() => table.getByRole('link', { name: 'checkout-v2' }).count()).toBe(0);
    await table.getByRole('link', { name: 'shop-banner' }).waitFor();
    await session.checkScreen('find-search');
  });

  it('shows a starred flag on the dashboard', async () => {
    await session.go(flagPath);
    const star = page.getByRole('button', { name: 'Favorite checkout-v2' });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await session.go('/personal');
    await page.getByRole('region', { name: 'My flags' }).getByRole('link', { name: 'checkout-v2' }).waitFor();
    await session.checkScreen('find-dashboard');
  });

  it('shows the lifecycle stage and marks the flag completed', async () => {
    await session.go('/projects/default');
    await page
      .getByRole('row')
      .filter({ hasText: 'checkout-v2' })
      .getByTitle('Lifecycle stage: Initial')
      .waitFor();
    await session.go(flagPath);
    await page.getByTitle('Lifecycle stage: Initial').waitFor();
    await page.getByRole('button', { name: 'Mark completed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark checkout-v2 completed' });
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTitle('Lifecycle stage: Completed').waitFor();
    const lifecycle = await api('GET', '/api/admin/projects/default/features/checkout-v2/lifecycle');
    expect(lifecycle.at(-1)).toMatchObject({ stage: 'completed', status: 'kept' });
    await session.checkScreen('find-lifecycle');
  });

  it('saves a project description from the settings tab and shows its health', async () => {
    await session.go('/projects/shop');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Description', { exact: true }).fill('Flags of the shop team');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(async () => (await api('GET', '/api/admin/projects/shop')).description)
      .toBe('Flags of the shop team');
    await session.checkScreen('find-project-settings');

    // A segment of the project's own, made from its settings.
    await page.getByRole('button', { name: 'New project segment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New segment in shop' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('shop-regulars');
    await dialog.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('button', { name: 'Edit segment shop-regulars' }).waitFor();
    const segments = (await api('GET', '/api/admin/segments')).segments as {
      name: string;
      project: string;
    }[];
    expect(segments.find((segment) => segment.name === 'shop-regulars')?.project).toBe('shop');

    await page.getByRole('tab', { name: 'Health' }).click();
    await page.getByRole('heading', { name: 'Flags per lifecycle stage' }).waitFor();
    await session.checkScreen('find-project-health');
  });
});
