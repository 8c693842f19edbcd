// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';
import { seedBulkProject } from './seed.ts';

const BULK_FLAGS = 10_000;
const missing = browserMissing();

/**
 * The admin UI end to end: the built app served by the real server, driven in Chromium as a person would.
 * Steps share one signed-in page and run in order.
 */
describe.skipIf(missing)('admin UI in Chromium', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const go = (url: string) => session.go(url);
  const pick = (scope: Page | Locator, label: string, option: string | RegExp) =>
    session.pick(scope, label, option);
  const checkScreen = (name: string, axe = true) => session.checkScreen(name, axe);

  beforeAll(async () => {
    session = await openAdminSession((dataDir) => seedBulkProject(dataDir, 'bulk', BULK_FLAGS));
    ({ server, browser, page } = session);
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('refuses a wrong password, keeping what was typed, then signs in', async () => {
    await go('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sign in to Switchyard' }).isVisible())
      .toBe(true);
    await checkScreen('login');
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong username or password').waitFor();
    expect(await page.getByLabel('Username or email').inputValue()).toBe('admin');
    await page.getByLabel('Password', { exact: true }).fill('unleash4all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByRole('link', { name: 'Default' }).waitFor();
    await checkScreen('projects');
  });

  it('creates a project', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill('Web shop');
    expect(await dialog.getByLabel('Id').inputValue()).toBe('web-shop');
    await dialog.getByLabel('Description').fill('The storefront');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    // Create opens the new project, offering to connect an app first.
    await page.waitForURL(/\/projects\/web-shop$/);
    const connect = page.getByRole('dialog', { name: 'Connect your app' });
    await connect.getByRole('button', { name: 'Close' }).click();
    await connect.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Web shop' }).waitFor();
    const project = await api('GET', '/api/admin/projects/web-shop/overview');
    expect(project.description).toBe('The storefront');
  });

  it('creates a context field and a segment', async () => {
    await api('POST', '/api/admin/context', {
      name: 'country',
      legalValues: [{ value: 'NO' }, { value: 'SE' }],
    });
    await go('/context');
    await page.getByRole('button', { name: 'New context field' }).click();
    const dialog = page.getByRole('dialog', { name: 'New context field' });
    await dialog.getByLabel('Name').fill('email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: /^email/ }).waitFor();
    await checkScreen('context');

    await go('/segments');
    await page.getByRole('button', { name: 'New segment' }).click();
    const segment = page.getByRole('dialog', { name: 'New segment' });
    await segment.getByLabel('Name').fill('nordics');
    await segment.getByRole('button', { name: 'Add constraint' }).click();
    await pick(segment, 'Context field 1', 'country');
    const values = segment.getByRole('combobox', { name: 'Value 1' });
    await values.fill('NO');
    await values.press('Enter');
    await values.fill('SE');
    await values.press('Enter');
    await segment.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('cell', { name: 'country equal to NO or SE' }).waitFor();
    await checkScreen('segments');
  });

  it('creates a flag, checking its name while it is typed', async () => {
    await go('/projects/web-shop');
    await page.getByText('This project has no flags yet.').waitFor();
    await checkScreen('project-empty', false);
    await page.getByRole('button', { name: 'New flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'New flag' });
    await dialog.getByLabel('Name').fill('bad name');
    await dialog.getByText(/must be URL-friendly/).waitFor();
    await dialog.getByLabel('Name').fill('checkout-v2');
    await dialog.getByText('This name is available').waitFor();
    await dialog.getByRole('button', { name: 'Create flag' }).click();
    await page.waitForURL(/\/projects\/web-shop\/flags\/checkout-v2$/);
    // No app has reported using the project's flags yet, so the flag page offers to connect one.
    const connect = page.getByRole('dialog', { name: 'Connect your app' });
    await connect
      .getByTestId('connect-snippet')
      .getByText(/checkout-v2/)
      .first()
      .waitFor();
    await connect.getByRole('button', { name: 'Close' }).click();
    await connect.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'checkout-v2' }).waitFor();
  });

  it('adds a gradual rollout with two constraints, a segment and variants', async () => {
    const development = page.getByRole('region', { name: 'Environment development' });
    await development.getByRole('button', { name: 'Add strategy' }).click();
    const dialog = page.getByRole('dialog', { name: /Add strategy/ });
    await dialog.getByRole('textbox', { name: 'Rollout percentage' }).fill('100');
    await dialog.getByRole('button', { name: 'Add constraint' }).click();
    await pick(dialog, 'Context field 1', 'email');
    await pick(dialog, 'Operator 1', /ends with/);
    await dialog.getByRole('combobox', { name: 'Value 1' }).fill('@example.com');
    await dialog.getByRole('combobox', { name: 'Value 1' }).press('Enter');
    await dialog.getByRole('button', { name: 'Add constraint' }).click();
    await pick(dialog, 'Context field 2', 'appName');
    await dialog.getByRole('combobox', { name: 'Value 2' }).fill('shop');
    await dialog.getByRole('combobox', { name: 'Value 2' }).press('Enter');
    await pick(dialog, 'Segments', 'nordics');
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await dialog.getByLabel('Variant 1 name').fill('blue');
    await dialog.getByLabel('Variant 2 name').fill('green');
    const summary =
      'with email ending in @example.com and appName equal to shop, in segment nordics; variants blue, green';
    expect(await dialog.getByTestId('strategy-summary').textContent()).toBe(`100% of users ${summary}`);
    await checkScreen('strategy-editor');
    await dialog.getByRole('button', { name: 'Save strategy' }).click();
    await dialog.waitFor({ state: 'detached' });
    await development.getByText(summary).waitFor();

    const flag = await api('GET', '/api/admin/projects/web-shop/features/checkout-v2');
    const strategy = flag.environments.find((e: { name: string }) => e.name === 'development').strategies[0];
    expect(strategy.name).toBe('flexibleRollout');
    expect(strategy.constraints).toHaveLength(2);
    expect(strategy.segments).toHaveLength(1);
    expect(strategy.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual([
      ['blue', 500],
      ['green', 500],
    ]);
  });

  it('turns the flag on in development', async () => {
    await page.getByRole('switch', { name: 'checkout-v2 in development' }).click({ force: true });
    await expect
      .poll(async () => {
        const flag = await api('GET', '/api/admin/projects/web-shop/features/checkout-v2');
        return flag.environments.find((e: { name: string }) => e.name === 'development').enabled;
      })
      .toBe(true);
    await page.reload();
    expect(await page.getByRole('switch', { name: 'checkout-v2 in development' }).isChecked()).toBe(true);
    await checkScreen('flag');
  });

  it('shows the flag on for a matching context and off, with the reason, for one that does not match', async () => {
    await go('/playground');
    const form = page.getByRole('form', { name: 'Playground context' });
    await pick(form, 'Projects', 'Web shop');
    await form.getByLabel('appName').fill('shop');
    await form.getByLabel('userId').fill('u-1');
    await form.getByRole('button', { name: 'Add property' }).click();
    await pick(form, 'Property 1 name', 'email');
    await form.getByLabel('Property 1 value').fill('ann@example.com');
    await form.getByRole('button', { name: 'Add property' }).click();
    await pick(form, 'Property 2 name', 'country');
    await form.getByLabel('Property 2 value').fill('NO');
    await form.getByRole('button', { name: 'Evaluate' }).click();
    const row = page.locator('tr[data-flag="checkout-v2"]');
    await row.getByText('on', { exact: true }).waitFor();
    expect(await row.getByText(/^(blue|green)$/).count()).toBe(1);
    await checkScreen('playground');

    await form.getByLabel('Property 1 value').fill('ann@other.com');
    await form.getByRole('button', { name: 'Evaluate' }).click();
    await row.getByText('off', { exact: true }).waitFor();
    await row.click();
    await page.getByText('✗ email ending in @example.com').waitFor();
    await page.getByText('✓ appName equal to shop').waitFor();
    await page.getByText('✓ segment nordics').waitFor();
  });

  it('archives the flag and revives it from the archive', async () => {
    await go('/projects/web-shop/flags/checkout-v2');
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive flag' }).click();
    await page.getByText('This flag is archived').waitFor();
    await go('/archive');
    const row = page.getByRole('row', { name: /checkout-v2/ });
    await row.waitFor();
    await checkScreen('archive');
    await row.getByRole('button', { name: 'Revive' }).click();
    await page.getByText('No archived flags.').waitFor();
    await go('/projects/web-shop/flags/checkout-v2');
    await page.getByRole('button', { name: 'Clone' }).waitFor();
    expect(await page.getByText('This flag is archived').count()).toBe(0);
  });

  it('creates a client token and shows its secret once', async () => {
    await go('/api-tokens');
    await page.getByRole('button', { name: 'New API token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API token' });
    await dialog.getByLabel('Name').fill('shop-backend');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^\*:development\.[0-9a-f]{20,}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: /shop-backend/ }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await checkScreen('api-tokens');
    const works = await fetch(`${server.url}/api/client/features`, { headers: { authorization: secret } });
    expect(works.status).toBe(200);
  });

  it('reorders, switches and copies strategies, and edits variants, dependencies and a clone', async () => {
    await go('/projects/web-shop/flags/checkout-v2');
    const development = page.getByRole('region', { name: 'Environment development' });
    await development.getByRole('button', { name: 'Add strategy' }).click();
    const dialog = page.getByRole('dialog', { name: /Add strategy/ });
    await pick(dialog, 'Strategy', 'Standard');
    await dialog.getByLabel('Title (optional)').fill('everyone else');
    await dialog.getByRole('button', { name: 'Save strategy' }).click();
    await development.getByText('2. everyone else').waitFor();
    await development.getByRole('button', { name: 'Move strategy 2 up' }).click();
    await development.getByText('1. everyone else').waitFor();
    const strategies = async (environment: string) =>
      (await api('GET', '/api/admin/projects/web-shop/features/checkout-v2')).environments.find(
        (e: { name: string }) => e.name === environment,
      ).strategies as { title?: string; name: string; disabled: boolean }[];
    await expect
      .poll(async () => (await strategies('development')).map((s) => s.title || s.name))
      .toEqual(['everyone else', 'flexibleRollout']);
    await development.getByRole('switch', { name: 'Strategy 1 active' }).click({ force: true });
    await development.getByText('inactive').waitFor();
    await expect.poll(async () => (await strategies('development'))[0]!.disabled).toBe(true);

    await development.getByRole('button', { name: 'Copy strategies to…' }).click();
    await page.getByRole('menuitem', { name: 'production' }).click();
    const production = page.getByRole('region', { name: 'Environment production' });
    await production.getByText('2. Gradual rollout').waitFor();
    expect(await strategies('production')).toHaveLength(2);

    await page.getByRole('tab', { name: 'Variants' }).click();
    const variants = page.getByRole('tabpanel');
    await variants.getByRole('button', { name: 'Add variant' }).click();
    await variants.getByRole('button', { name: 'Add variant' }).click();
    await variants
      .getByRole('group', { name: 'Variant 1' })
      .getByRole('switch', { name: 'Fixed weight' })
      .click({ force: true });
    await variants.getByLabel('Variant 1 weight (%)').fill('30');
    await variants.getByRole('button', { name: 'Save variants' }).click();
    await expect
      .poll(async () => {
        const flag = await api('GET', '/api/admin/projects/web-shop/features/checkout-v2');
        const env = flag.environments.find((e: { name: string }) => e.name === 'development');
        return (env.variants as { weight: number }[]).map((v) => v.weight);
      })
      .toEqual([300, 700]);

    await api('POST', '/api/admin/projects/web-shop/features', { name: 'checkout-parent' });
    await page.getByRole('tab', { name: 'Dependencies' }).click();
    await page.getByRole('button', { name: 'Add dependency' }).click();
    await pick(page.getByRole('tabpanel'), 'Parent flag', 'checkout-parent');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('to be on').waitFor();

    await page.getByRole('tab', { name: 'Event history' }).click();
    await page.getByText('feature-strategy-add').first().waitFor();
    await checkScreen('flag-history');

    await page.getByRole('button', { name: 'Clone' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone checkout-v2' });
    expect(await clone.getByLabel('New name', { exact: true }).inputValue()).toBe('checkout-v2-copy');
    await clone.getByRole('button', { name: 'Clone' }).click();
    await page.waitForURL(/\/flags\/checkout-v2-copy$/);
    await page.getByRole('heading', { name: 'checkout-v2-copy' }).waitFor();
    expect(
      await page.getByRole('region', { name: 'Environment development' }).getByText('everyone else').count(),
    ).toBe(1);
  });

  it('shows the other screens, in light and dark', async () => {
    for (const [url, heading] of [
      ['/environments', 'Environments'],
      ['/strategies', 'Strategies'],
      ['/tags', 'Tags'],
      ['/flag-types', 'Flag types'],
      ['/events', 'Event log'],
    ] as const) {
      await go(url);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await checkScreen(url.slice(1));
    }
    await page.getByText('feature-created').first().waitFor();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await go('/projects/web-shop');
    await page.getByRole('link', { name: 'checkout-v2', exact: true }).waitFor();
    await checkScreen('project-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it(`shows a project of ${BULK_FLAGS} flags one page at a time`, async () => {
    // Speed is measured by `npm run bench -- admin`, not here: this checks that a fresh tab of a large project
    // becomes usable, holds only one page of rows, and finds any flag through the server's search.
    const tab = await page.context().newPage();
    await tab.goto(`${server.url}/projects/bulk`);
    await tab.waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>(
          'input[aria-label="bulk-00001 in development"]',
        );
        return Boolean(input && !input.disabled);
      },
      null,
      { polling: 'raf', timeout: 15_000 },
    );
    expect(await tab.locator('tbody tr').count()).toBeLessThanOrEqual(200);
    await tab.close();
    await go('/projects/bulk');
    await page.getByText(`${BULK_FLAGS} flags`).waitFor();
    await page.getByLabel('Search').fill('bulk-09999');
    await page.getByRole('link', { name: 'bulk-09999' }).waitFor();
    await page.getByText('1 flag', { exact: true }).waitFor();
    await checkScreen('project-10000');
  });

  it('switches flags optimistically and acts on a selection', async () => {
    await go('/projects/bulk?q=bulk-0000');
    const toggle = page.getByRole('switch', { name: 'bulk-00002 in production' });
    await toggle.waitFor();
    const before = await toggle.isChecked();
    // The server's answer is held back until the switch has moved, so a moved switch is the optimistic update
    // (reading it right after the click raced the re-render on a loaded machine).
    const request = '**/api/admin/projects/bulk/features/bulk-00002/environments/production/*';
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(request, async (route) => {
      await held;
      await route.continue();
    });
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(!before);
    const answered = page.waitForResponse((response) => response.url().includes('/bulk-00002/environments/'));
    release();
    expect((await answered).ok()).toBe(true);
    await page.unroute(request);
    await expect
      .poll(async () => {
        const flag = await api('GET', '/api/admin/projects/bulk/features/bulk-00002');
        return flag.environments.find((e: { name: string }) => e.name === 'production').enabled;
      })
      .toBe(!before);

    await page.getByRole('checkbox', { name: 'Select bulk-00003' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Select bulk-00004' }).check({ force: true });
    const bar = page.getByRole('region', { name: 'Selected flags' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Mark stale' }).click();
    await expect
      .poll(async () => (await api('GET', '/api/admin/projects/bulk/features/bulk-00004')).stale)
      .toBe(true);
    // Done: the selection is cleared and the bar goes away before the next selection starts.
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Select bulk-00003' }).check({ force: true });
    await bar.getByRole('button', { name: 'Turn on in…' }).click();
    await page.getByRole('menuitem', { name: 'production' }).click();
    await expect
      .poll(async () => {
        const flag = await api('GET', '/api/admin/projects/bulk/features/bulk-00003');
        return flag.environments.find((e: { name: string }) => e.name === 'production').enabled;
      })
      .toBe(true);
    // The action is over only when the UI has cleared its selection: a late clear would undo the next step's clicks.
    await bar.waitFor({ state: 'detached' });
  });

  it('exports selected flags to a file and imports the file into another environment', async () => {
    await go('/projects/bulk?q=bulk-0000');
    await page.getByRole('checkbox', { name: 'Select bulk-00003' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Select bulk-00004' }).check({ force: true });
    const bar = page.getByRole('region', { name: 'Selected flags' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Export' }).click();
    const exporter = page.getByRole('dialog', { name: 'Export 2 flags' });
    await pick(exporter, 'Environment', 'production');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporter.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bulk-production-flags.json');
    const file = path.join(session.dataDir, 'exported-flags.json');
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.features.map((flag: { name: string }) => flag.name)).toEqual([
      'bulk-00003',
      'bulk-00004',
    ]);
    // bulk-00003 was turned on in production by the step before.
    const state = (name: string) =>
      exported.featureEnvironments.find((e: { featureName: string }) => e.featureName === name).enabled;
    expect(state('bulk-00003')).toBe(true);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importer = page.getByRole('dialog', { name: 'Import flags' });
    await pick(importer, 'Environment', 'development');
    await importer.locator('input[type=file]').setInputFiles(file);
    await importer.getByRole('button', { name: 'Check' }).click();
    await importer.getByRole('region', { name: 'Warnings' }).waitFor();
    expect(await importer.getByRole('status').textContent()).toBe(
      'Ready: 2 flags will be imported into development.',
    );
    await checkScreen('import-check');
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.waitFor({ state: 'detached' });
    for (const name of ['bulk-00003', 'bulk-00004']) {
      const flag = await api('GET', `/api/admin/projects/bulk/features/${name}`);
      expect(flag.environments.find((e: { name: string }) => e.name === 'development').enabled).toBe(
        state(name),
      );
    }
  });

  const signInStatus = async (username: string, password: string) =>
    (
      await fetch(`${server.url}/auth/simple/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
    ).status;
  const userNamed = async (username: string) =>
    (await api('GET', '/api/admin/user-admin')).users.find(
      (user: { username: string | null }) => user.username === username,
    );

  it('adds a Viewer on the Users screen', async () => {
    await go('/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('Name', { exact: true }).fill('Vera Viewer');
    await dialog.getByLabel('Username').fill('vera');
    await dialog.getByLabel(/^Password/).fill('viewer-password-1');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /Vera Viewer/ }).waitFor();
    expect((await userNamed('vera')).rootRole).toBe(3);
    // Admins cannot delete themselves or take their own role away here.
    expect(await page.getByRole('combobox', { name: 'Role of Admin', exact: true }).isDisabled()).toBe(true);
    await checkScreen('users');
  });

  const BANNER = 'Release freeze from Friday 16:00';
  it('publishes a banner from the Banners screen', async () => {
    await go('/banners');
    await page.getByRole('heading', { level: 1, name: 'Banners' }).waitFor();
    await page.getByText('No banners yet.').waitFor();
    await page.getByRole('button', { name: 'New banner' }).click();
    const dialog = page.getByRole('dialog', { name: 'New banner' });
    await dialog.getByLabel(/^Message/).fill(BANNER);
    await pick(dialog, 'Variant', 'Warning');
    await dialog.getByLabel('Link', { exact: true }).fill('dialog');
    await dialog.getByLabel('Link text').fill('Why?');
    await dialog.getByLabel(/^Dialog text/).fill('Production changes wait until Monday.');
    await dialog.getByLabel('Stay in view while scrolling').check();
    await expect
      .poll(() => dialog.getByRole('alert', { name: 'warning banner' }).textContent())
      .toContain(BANNER);
    await checkScreen('banner-form');
    await dialog.getByRole('button', { name: 'Create banner' }).click();
    await dialog.waitFor({ state: 'detached' });

    const strip = page.getByRole('region', { name: 'Announcements' });
    await strip.getByText(BANNER).waitFor();
    const [saved] = (await api('GET', '/api/admin/banners')).banners;
    expect(saved).toMatchObject({
      message: BANNER,
      variant: 'warning',
      link: 'dialog',
      sticky: true,
      enabled: true,
    });
    await checkScreen('banners');
  });

  it('lets a Viewer look but not change anything', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const viewer = await context.newPage();
    viewer.setDefaultTimeout(15_000);
    await viewer.goto(`${server.url}/projects`);
    await viewer.getByLabel('Username or email').fill('vera');
    await viewer.getByLabel('Password', { exact: true }).fill('viewer-password-1');
    await viewer.getByRole('button', { name: 'Sign in' }).click();
    await viewer.getByRole('link', { name: 'Web shop' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New project' }).count()).toBe(0);
    // Everyone sees the enabled banners, and can open their dialog.
    const strip = viewer.getByRole('region', { name: 'Announcements' });
    await strip.getByText(BANNER).waitFor();
    await strip.getByRole('button', { name: 'Why?' }).click();
    await viewer
      .getByRole('dialog', { name: BANNER })
      .getByText('Production changes wait until Monday.')
      .waitFor();
    await viewer.keyboard.press('Escape');
    await viewer.goto(`${server.url}/banners`);
    await viewer.getByText('Only administrators can write banners', { exact: false }).waitFor();

    await viewer.goto(`${server.url}/projects/web-shop`);
    const toggle = viewer.getByRole('switch', { name: 'checkout-v2 in development' });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'New flag' }).count()).toBe(0);
    expect(await viewer.getByRole('checkbox').count()).toBe(0);

    await viewer.goto(`${server.url}/projects/web-shop/flags/checkout-v2`);
    await viewer.getByText('with email ending in @example.com', { exact: false }).first().waitFor();
    for (const name of ['Add strategy', 'Archive', 'Clone', 'Edit', 'Edit details'])
      expect(await viewer.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await viewer.getByRole('switch', { name: 'checkout-v2 in development' }).isDisabled()).toBe(true);

    await viewer.goto(`${server.url}/segments`);
    await viewer.getByText('nordics').waitFor();
    expect(await viewer.getByRole('button', { name: 'New segment' }).count()).toBe(0);

    // The server refuses too, whatever the UI shows.
    const refused = await viewer.request.post(
      `${server.url}/api/admin/projects/web-shop/features/checkout-v2/environments/development/off`,
      { headers: { 'content-type': 'application/json' }, data: {} },
    );
    expect(refused.status()).toBe(403);
    await context.close();
  });

  it('switches the banner off for everyone', async () => {
    await go('/banners');
    await page.getByRole('switch', { name: `Show "${BANNER}"` }).click();
    await page.getByRole('region', { name: 'Announcements' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await api('GET', '/api/admin/banners')).banners[0].enabled).toBe(false);
  });

  it("changes a user's role and deletes the user", async () => {
    await go('/users');
    await pick(page, 'Role of Vera Viewer', 'Editor');
    await expect.poll(async () => (await userNamed('vera')).rootRole).toBe(2);
    const row = page.getByRole('row', { name: /Vera Viewer/ });
    await row.getByRole('button', { name: 'Set password', exact: true }).click();
    const reset = page.getByRole('dialog', { name: 'Set a password for Vera Viewer' });
    await reset.getByLabel(/^New password$/).fill('reset-by-admin-1');
    await reset.getByLabel('New password again').fill('reset-by-admin-1');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await reset.waitFor({ state: 'detached' });
    expect(await signInStatus('vera', 'viewer-password-1')).toBe(401);
    expect(await signInStatus('vera', 'reset-by-admin-1')).toBe(200);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Vera Viewer?' })
      .getByRole('button', { name: 'Delete user' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect(await userNamed('vera')).toBeUndefined();
  });

  it('changes your own password from the user menu', async () => {
    await go('/projects');
    await page.getByRole('button', { name: /user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await dialog.getByLabel('Current password').fill('unleash4all');
    await dialog.getByLabel(/^New password$/).fill('admin-password-2');
    await dialog.getByLabel('New password again').fill('admin-password-2');
    await checkScreen('change-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await signInStatus('admin', 'unleash4all')).toBe(401);
    expect(await signInStatus('admin', 'admin-password-2')).toBe(200);
    // This browser stays signed in.
    await go('/projects');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  });

  it('signs out from the user menu', async () => {
    await go('/projects');
    await page.getByRole('button', { name: /user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Switchyard' }).waitFor();
    const me = await page.request.get(`${server.url}/api/admin/user`);
    expect(me.status()).toBe(401);
  });
});
