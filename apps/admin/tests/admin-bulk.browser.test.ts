// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';
import { seedBulkProject } from './seed.ts';

const BULK_FLAGS = 10_000;
const missing = browserMissing();

/**
 * The admin UI end to end on the other screens, a project of many flags, then your own account: the built app
 * served by the real server, driven in Chromium as a person would. Steps share one signed-in page and run in order;
 * the journey through projects, flags, users and banners is admin.browser.test.ts, with a server and browser of its
 * own.
 */
describe.skipIf(missing)('admin UI in Chromium, many flags', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let page: Page;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const go = (url: string) => session.go(url);
  const pick = (scope: Page | Locator, label: string, option: string | RegExp) =>
    session.pick(scope, label, option);
  const checkScreen = (name: string, axe = true) => session.checkScreen(name, axe);
  const signInStatus = (username: string, password: string) => session.signInStatus(username, password);

  beforeAll(async () => {
    session = await openAdminSession((dataDir) => seedBulkProject(dataDir, 'bulk', BULK_FLAGS));
    ({ server, page } = session);
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('shows the other screens, in light and dark', async () => {
    // The flags journey (admin.browser.test.ts) creates these through the UI; here they only give the screens rows.
    await api('POST', '/api/admin/projects', { id: 'web-shop', name: 'Web shop' });
    await api('POST', '/api/admin/projects/web-shop/features', { name: 'checkout-v2' });
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
