// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, seriousViolations } from './browser.ts';

const missing = browserMissing();

/**
 * Running Switchyard from the admin UI, in Chromium: maintenance mode, invite links, service accounts, and what
 * the SDKs report (applications and flag usage). Steps share one signed-in page and run in order.
 */
describe.skipIf(missing)('admin UI in Chromium: running Switchyard', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const go = (url: string) => session.go(url);
  const checkScreen = (name: string, axe = true) => session.checkScreen(name, axe);

  beforeAll(async () => {
    session = await openAdminSession();
    ({ server, browser, page } = session);
    await api('POST', '/api/admin/projects', { id: 'web-shop', name: 'Web shop' });
    await api('POST', '/api/admin/projects/web-shop/features', { name: 'checkout-v2' });
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('pauses every change in maintenance mode, and resumes', async () => {
    await go('/maintenance');
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    const strip = page.getByRole('region', { name: 'Announcements' });
    await strip.getByText(/Maintenance mode is on/).waitFor();
    expect(await api('GET', '/api/admin/maintenance')).toEqual({ enabled: true });
    await checkScreen('maintenance');

    const bannersBefore = (await api('GET', '/api/admin/banners')).banners.length;
    await go('/banners');
    await page.getByRole('button', { name: 'New banner' }).click();
    const dialog = page.getByRole('dialog', { name: 'New banner' });
    await dialog.getByLabel(/^Message/).fill('Written during maintenance');
    await dialog.getByRole('button', { name: 'Create banner' }).click();
    await dialog.getByText(/maintenance mode: changes are paused/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', '/api/admin/banners')).banners).toHaveLength(bannersBefore);

    await go('/maintenance');
    await page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await strip.waitFor({ state: 'detached' });
    expect(await api('GET', '/api/admin/maintenance')).toEqual({ enabled: false });
  });

  it('invites people with a link through which they create their own account', async () => {
    await go('/users');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const url = new URL((await page.getByTestId('invite-link-url').textContent())!);
    expect(url.pathname).toBe('/new-user');
    const secret = url.searchParams.get('invite')!;
    expect(secret).toMatch(/^[0-9a-f]{48}$/);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const newcomer = await context.newPage();
    newcomer.setDefaultTimeout(15_000);
    await newcomer.goto(`${server.url}/new-user?invite=${secret}`);
    await newcomer.getByRole('heading', { name: 'Join Switchyard' }).waitFor();
    await newcomer.getByLabel('Name', { exact: true }).fill('Nina Newcomer');
    await newcomer.getByLabel('Email').fill('nina@example.com');
    await newcomer.getByLabel(/^Password/).fill('nina-password-1');
    expect(await seriousViolations(newcomer), 'sign-up page accessibility').toEqual([]);
    await newcomer.getByRole('button', { name: 'Create account' }).click();
    await newcomer.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await newcomer.getByRole('button', { name: /user menu/ }).click();
    await newcomer.getByText('nina@example.com · Viewer').waitFor();
    await context.close();

    await page.reload();
    await page.getByText('1 signed up with it so far', { exact: false }).waitFor();
    // Only a hash of the secret is kept: after a reload the link is no longer shown.
    await page.getByTestId('invite-link-hidden').waitFor();
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Create invite link' }).waitFor();
    const closed = await fetch(`${server.url}/invite/${secret}/validate`);
    expect(closed.status).toBe(400);
  });

  it('adds a service account with a token that acts with its role', async () => {
    await go('/service-accounts');
    await page.getByRole('heading', { level: 1, name: 'Service accounts' }).waitFor();
    await page.getByRole('button', { name: 'New service account' }).click();
    const create = page.getByRole('dialog', { name: 'New service account' });
    await create.getByLabel(/^Username/).fill('deploy-bot');
    await create.getByLabel('Name', { exact: true }).fill('Deploy pipeline');
    await create.getByRole('button', { name: 'Add service account' }).click();
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /deploy-bot/ });
    await row.getByRole('button', { name: 'Tokens' }).click();
    const tokens = page.getByRole('dialog', { name: 'Tokens of deploy-bot' });
    await tokens.getByLabel('Description').fill('release pipeline');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = (await tokens.getByTestId('token-secret').textContent())!;
    expect(secret).toMatch(/^user:[0-9a-f]{56}$/);
    await tokens.getByRole('cell', { name: 'release pipeline', exact: true }).waitFor();
    await checkScreen('service-account-tokens');
    await tokens.getByRole('button', { name: 'Done' }).click();
    await row.getByText('1 token').waitFor();

    // The token acts as an Editor: it may create a flag, and may not list users.
    const headers = { authorization: secret, 'content-type': 'application/json' };
    const flag = await fetch(`${server.url}/api/admin/projects/default/features`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'made-by-deploy-bot' }),
    });
    expect(flag.status).toBe(201);
    expect((await fetch(`${server.url}/api/admin/user-admin`, { headers })).status).toBe(403);
    await checkScreen('service-accounts');
  });

  it('shows the applications SDKs report from, and the usage of a flag', async () => {
    const { secret } = await api('POST', '/api/admin/api-tokens', {
      tokenName: 'checkout-service',
      type: 'client',
      environment: 'development',
      projects: ['*'],
    });
    const client = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { authorization: secret, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => expect(response.status, url).toBeLessThan(300));
    await client('/api/client/register', {
      appName: 'checkout-service',
      instanceId: 'checkout-1',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      strategies: ['default', 'flexibleRollout'],
      started: new Date().toISOString(),
      interval: 15000,
    });
    const now = new Date().toISOString();
    await client('/api/client/metrics', {
      appName: 'checkout-service',
      instanceId: 'checkout-1',
      bucket: { start: now, stop: now, toggles: { 'checkout-v2': { yes: 42, no: 8, variants: {} } } },
    });
    // The server writes SDK reports every METRICS_FLUSH_SECONDS (1 s here): the screens show what it has stored.
    await expect
      .poll(async () => JSON.stringify(await api('GET', '/api/admin/metrics/applications')), {
        timeout: 10_000,
      })
      .toContain('checkout-service');
    await expect
      .poll(async () => JSON.stringify(await api('GET', '/api/admin/client-metrics/features/checkout-v2')), {
        timeout: 10_000,
      })
      .toContain('checkout-service');

    await go('/applications');
    await page.getByRole('link', { name: 'checkout-service' }).click();
    await page.getByRole('heading', { level: 1, name: 'checkout-service' }).waitFor();
    await page.getByRole('cell', { name: 'checkout-1' }).waitFor();
    // Shown in the instance table and in the per-environment overview.
    await page.getByText('unleash-node-sdk:6.12.1').first().waitFor();
    await checkScreen('application');

    await go('/projects/web-shop/flags/checkout-v2');
    await page.getByRole('tab', { name: 'Usage' }).click();
    const chart = page.getByRole('img', { name: /checkout-v2 in all environments/ });
    await expect.poll(() => chart.getAttribute('aria-label')).toContain('42 on and 8 off');
    expect(await page.getByRole('row', { name: /development/ }).textContent()).toContain('84% on');
    await checkScreen('flag-usage');

    await go('/applications/checkout-service');
    await page.getByRole('button', { name: 'Describe' }).click();
    const describe = page.getByRole('dialog', { name: 'Describe checkout-service' });
    await describe.getByLabel('Description').fill('Checkout web service');
    await describe.getByLabel(/^URL/).fill('https://shop.example.com');
    await describe.getByRole('button', { name: 'Save' }).click();
    await describe.waitFor({ state: 'detached' });
    await page.getByText('Checkout web service').waitFor();
    await page.getByRole('link', { name: 'https://shop.example.com' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete checkout-service?' })
      .getByRole('button', { name: 'Delete application' })
      .click();
    await page.getByText('No application has connected yet.', { exact: false }).waitFor();
    expect((await api('GET', '/api/admin/metrics/applications')).total).toBe(0);
  });
});
