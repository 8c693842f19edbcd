// @vitest-environment node
import { normalizedHash } from '@switchyard/evaluation';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();
const FLAGS = '/api/admin/projects/web-shop/features';

/** A userId the 30% rollout of group `checkout` leaves out, found with the evaluation's own hash. */
const excludedUser = Array.from({ length: 50 }, (_, i) => `user-${i}`).find(
  (id) => normalizedHash('checkout', id, 100) > 30,
)!;

/**
 * What a new user met on a first visit, one screen each, in Chromium against the real server: addresses that
 * name nothing, the flag page's project and stale switch, the playground's reasons, token secrets and the
 * strategy summary. Each screen is also checked with axe.
 */
describe.skipIf(missing)('admin UI in Chromium: first use', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession();
    page = session.page;
    const { api } = session;
    await api('POST', '/api/admin/projects', { id: 'web-shop', name: 'Web shop' });
    await api('POST', '/api/admin/context', { name: 'email' });
    for (const [name, rollout, variants] of [
      ['checkout', '30', []],
      [
        'button',
        '100',
        [{ name: 'BlueButton', weight: 1000, weightType: 'variable', stickiness: 'default' }],
      ],
    ] as const) {
      await api('POST', FLAGS, { name });
      await api('POST', `${FLAGS}/${name}/environments/development/strategies`, {
        name: 'flexibleRollout',
        parameters: { rollout, stickiness: 'userId', groupId: name },
        constraints:
          name === 'checkout'
            ? [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] }]
            : [],
        variants,
      });
      await api('POST', `${FLAGS}/${name}/environments/development/on`);
    }
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('answers an unknown project or flag address with a not-found page', async () => {
    await session.go('/projects/no-such-project');
    await page.getByRole('heading', { level: 1, name: 'Project not found' }).waitFor();
    await page.getByText(/no project with id “no-such-project”/).waitFor();
    expect(await page.getByRole('tab', { name: 'Flags' }).count()).toBe(0);
    await session.checkScreen('project-not-found');

    await session.go('/projects/web-shop/flags/no-such-flag');
    await page.getByRole('heading', { level: 1, name: 'Flag not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Web shop' }).waitFor();
    await session.checkScreen('flag-not-found');
  });

  it('names the project on the flag page and labels the stale switch as an action, "Mark as stale"', async () => {
    await session.go('/projects/web-shop/flags/checkout');
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByText('Web shop', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Web shop', exact: true }).waitFor();
    const stale = overview.getByRole('switch', { name: 'Mark as stale' });
    expect(await stale.isChecked()).toBe(false);
    expect(await overview.getByText('Active', { exact: true }).count()).toBe(0);
    await session.checkScreen('flag-first-use');
  });

  it('waits for a chosen field before a constraint joins the strategy summary', async () => {
    await page
      .getByRole('region', { name: 'Environment production' })
      .getByRole('button', { name: 'Add strategy' })
      .click();
    const dialog = page.getByRole('dialog', { name: /Add strategy/ });
    await dialog.getByRole('button', { name: 'Add constraint' }).click();
    const summary = dialog.getByTestId('strategy-summary');
    expect(await summary.textContent()).toBe('100% of users');
    await session.pick(dialog, 'Context field 1', 'email');
    await expect.poll(() => summary.textContent()).toMatch(/^100% of users with email /);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('explains a rollout that leaves the user out, and shows variant names as written', async () => {
    await session.go('/playground');
    const form = page.getByRole('form', { name: 'Playground context' });
    await form.getByLabel('userId').fill(excludedUser);
    await form.getByRole('button', { name: 'Add property' }).click();
    await session.pick(form, 'Property 1 name', 'email');
    await form.getByLabel('Property 1 value').fill('ann@example.com');
    await form.getByRole('button', { name: 'Evaluate' }).click();

    const button = page.locator('tr[data-flag="button"]');
    // innerText applies CSS text-transform, so this fails if the badge upper-cases the name.
    expect(await button.getByText('BlueButton', { exact: true }).innerText()).toBe('BlueButton');

    const checkout = page.locator('tr[data-flag="checkout"]');
    await checkout.getByText('off', { exact: true }).waitFor();
    await checkout.click();
    await page
      .getByText(
        'development: Off: strategy "Gradual rollout" did not match: its constraints hold, but its 30% rollout by userId leaves this context out (or the context has no such id)',
      )
      .waitFor();
    await page.getByText('✓ email ending in @example.com (the context has ann@example.com)').waitFor();
    await session.checkScreen('playground-first-use');
  });

  it('shows a created token whole, then lists only the real start of its secret', async () => {
    await session.go('/api-tokens');
    await page.getByRole('button', { name: 'New API token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    await form.getByLabel('Name').fill('shop-backend');
    await form.getByRole('button', { name: 'Create token' }).click();
    const box = page.getByTestId('token-secret');
    const secret = (await box.textContent()) ?? '';
    expect(secret).toMatch(/^\*:development\.[0-9a-f]{56}$/);
    // Whole on screen: wrapped, not cut off or scrolled.
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await session.checkScreen('api-token-created');
    await page.getByRole('button', { name: 'Done' }).click();

    const listed = page
      .getByRole('row', { name: /shop-backend/ })
      .getByTitle(/^The first and last characters of the secret/);
    await listed.waitFor();
    const [start = '', end = ''] = ((await listed.textContent()) ?? '').split('…');
    expect(end).toHaveLength(6);
    expect(secret.startsWith(start) && secret.endsWith(end)).toBe(true);
    await session.checkScreen('api-tokens-first-use');
  });

  it('groups the sidebar with icons, shows where a screen sits, and has a favicon', async () => {
    await session.go('/segments');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of ['Flags', 'Configure', 'Access', 'Instance'])
      await nav.getByRole('group', { name: group }).waitFor();
    const segments = nav.getByRole('group', { name: 'Configure' }).getByRole('link', { name: 'Segments' });
    expect(await segments.locator('svg').count()).toBe(1);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toMatch(/^Configure\s*\/\s*Segments$/);
    expect(await crumbs.getByText('Segments').getAttribute('aria-current')).toBe('page');
    await session.checkScreen('navigation');

    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('favicon.svg');
    const favicon = await fetch(`${session.server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
