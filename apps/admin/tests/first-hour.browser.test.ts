// @vitest-environment node
// Opens the embedded database in both passes: CI's PostgreSQL pass leaves its files out.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, OUTPUT_DIR, seriousViolations } from './browser.ts';

const missing = browserMissing();
const SCREENSHOTS = path.join(OUTPUT_DIR, 'screenshots');
const OWNER_ROLE = 4;
const MEMBER_ROLE = 5;
const VIEWER_ROOT_ROLE = 3;

/**
 * A team lead's first hour, as one story in Chromium: a project with change requests in production, a Member and
 * an Owner (through a group), the Node SDK connected with the "Connect your app" panel's own snippet, a flag made
 * and switched from the command menu, a change drafted and approved by the Owner, and a webhook for all events.
 * Every screen is checked with axe, and the browser's console stays free of errors.
 */
describe.skipIf(missing)('admin UI in Chromium: the first hour', { timeout: 180_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let olga: Page | undefined;
  let app: ChildProcess | undefined;
  let receiver: Server;
  let requestPath = '';
  const consoleErrors: string[] = [];
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);

  /**
   * Fails on a console error or an uncaught exception in any page of the story, from sign-in on: before it the
   * app learns that nobody is signed in from a 401, which the browser logs as a failed load.
   */
  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${p.url()}: ${message.text()}`);
    });
    p.on('pageerror', (error) => consoleErrors.push(`${p.url()}: ${error.message}`));
  };

  /** The screen as it is, at a laptop's and a phone's size, for people to look at (not compared). */
  async function shoot(p: Page, name: string) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await p.setViewportSize({ width, height });
      await p.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}x${height}.png`), fullPage: true });
    }
    await p.setViewportSize({ width: 1400, height: 900 });
  }

  /** Checks a screen once dialogs have faded in: mid-transition, text would measure paler than it is. */
  async function axe(p: Page, name: string) {
    await p.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
    expect(await seriousViolations(p), `${name} accessibility`).toEqual([]);
  }

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      response.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    session = await openAdminSession(undefined, { INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    ({ server, browser, page } = session);
    page.setDefaultTimeout(20_000);
    const ids: Record<string, number> = {};
    for (const [username, name] of [
      ['olga', 'Olga Owner'],
      ['mia', 'Mia Member'],
    ] as const)
      ids[username] = (
        await api('POST', '/api/admin/user-admin', {
          username,
          name,
          email: `${username}@example.com`,
          password: `${username}-password-1`,
          rootRole: VIEWER_ROOT_ROLE,
        })
      ).id;
    await api('POST', '/api/admin/groups', { name: 'Platform leads', users: [{ user: { id: ids.olga } }] });
    await session.signIn();
    watch(page);
  });
  stopAfterFirstFailure(() => olga ?? page);
  afterAll(async () => {
    app?.kill();
    receiver?.close();
    await session?.close();
  });

  it('creates a project with change requests in production and opens it', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill('First hour');
    await dialog.getByRole('radio', { name: /^Protected/ }).check();
    await dialog.getByRole('checkbox', { name: 'Change requests in production' }).check();
    await dialog.getByRole('textbox', { name: 'Required approvals in production' }).waitFor();
    await axe(page, 'new project dialog');
    await shoot(page, 'new-project-dialog');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/projects\/first-hour$/);

    const project = await api('GET', '/api/admin/projects/first-hour/overview');
    expect(project.mode).toBe('protected');
    const config = await api('GET', '/api/admin/projects/first-hour/change-requests/config');
    expect(config).toContainEqual(
      expect.objectContaining({
        environment: 'production',
        changeRequestEnabled: true,
        requiredApprovals: 1,
      }),
    );
  });

  it('connects the Node SDK with the snippet, token and URL the panel shows, and sees it connected', async () => {
    const panel = page.getByRole('dialog', { name: 'Connect your app' });
    await panel.getByText('Waiting for your SDK to report as “first-hour-app”…').waitFor();
    await panel.getByRole('button', { name: 'Create a server SDK token' }).click();
    await panel.getByText(/^Created\./).waitFor();
    const token = (await panel.getByTestId('connect-token').textContent())!;
    const url = (await panel.getByTestId('connect-url').textContent())!;
    const snippet = (await panel.getByTestId('connect-snippet').textContent())!;
    expect(token).toMatch(/^first-hour:development\./);
    expect(url).toBe(`${server.url}/api/`);
    expect(snippet).toContain(JSON.stringify(token));
    expect(snippet).toContain(JSON.stringify(url));
    expect(await panel.getByTestId('connect-install').textContent()).toBe('npm install unleash-client');
    await axe(page, 'connect panel, waiting');

    // The snippet runs as it is, beside this package, so `unleash-client` resolves to the installed SDK.
    const file = path.join(OUTPUT_DIR, 'first-hour', 'app.mjs');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, snippet);
    app = spawn(process.execPath, [file], { stdio: 'ignore' });
    await panel.getByText('Connected.').waitFor({ timeout: 30_000 });
    await panel.getByText(/unleash-client-node|unleash-node-sdk/).waitFor();
    await axe(page, 'connect panel, connected');
    await shoot(page, 'connect-panel');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('gives each project tab its own address, kept on reload and undone by Back', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(/\/projects\/first-hour\/settings$/);
    await page.reload();
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    await session.checkScreen('first-hour-settings');
    await shoot(page, 'project-settings-tab');
    await page.goBack();
    await page.waitForURL(/\/projects\/first-hour$/);
    await page.getByRole('tab', { name: 'Flags', selected: true }).waitFor();
  });

  it('adds Mia as a Member and the Platform leads group as Owners from the Access tab', async () => {
    await page.getByRole('tab', { name: 'Access' }).click();
    await page.waitForURL(/\/projects\/first-hour\/access$/);
    for (const [who, role] of [
      [/^Mia Member/, 'Member'],
      [/^Platform leads/, 'Owner'],
    ] as const) {
      await page.getByRole('button', { name: 'Add access' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add access' });
      const closeList = () => dialog.getByRole('heading', { name: 'Add access' }).click();
      await session.pick(dialog, 'Users, service accounts and groups', who);
      await closeList();
      await dialog.getByRole('combobox', { name: 'Roles', exact: true }).click();
      await page.getByRole('option', { name: role, exact: true }).click();
      await closeList();
      await dialog.getByRole('button', { name: 'Give access' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const access = await api('GET', '/api/admin/projects/first-hour/access');
    expect(access.users).toContainEqual(expect.objectContaining({ username: 'mia', roles: [MEMBER_ROLE] }));
    expect(access.groups).toContainEqual(
      expect.objectContaining({ name: 'Platform leads', roles: [OWNER_ROLE] }),
    );
    await session.checkScreen('first-hour-access');
  });

  /** Opens the command menu, types `text` and chooses the option named `option`. */
  async function command(text: string, option: string | RegExp) {
    await page.keyboard.press('Control+K');
    const menu = page.getByRole('dialog', { name: 'Go to or do' });
    await menu.getByRole('combobox').fill(text);
    await menu.getByRole('option', { name: option }).first().click();
    await menu.waitFor({ state: 'detached' });
  }

  it('creates a flag, switches it and opens the token dialog from the command menu', async () => {
    await page.keyboard.press('Control+K');
    const menu = page.getByRole('dialog', { name: 'Go to or do' });
    await menu.getByRole('combobox').fill('create');
    await menu.getByRole('option', { name: /Create flag in First hour/ }).waitFor();
    await menu.getByRole('option', { name: /Create API token/ }).waitFor();
    await axe(page, 'command menu');
    await shoot(page, 'command-menu-actions');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await command('create flag in first', /Create flag in First hour/);
    const dialog = page.getByRole('dialog', { name: 'New flag' });
    await dialog.getByLabel('Name').fill('checkout');
    await dialog.getByText('This name is available').waitFor();
    await dialog.getByRole('button', { name: 'Create flag' }).click();
    await page.waitForURL(/\/projects\/first-hour\/flags\/checkout$/);
    await page.getByRole('heading', { level: 1, name: /checkout/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // The panel is offered again only while no app has reported using the project's flags.
    const offered = page.getByRole('dialog', { name: 'Connect your app' });
    if (await offered.count()) {
      await offered.getByRole('button', { name: 'Close' }).click();
      await offered.waitFor({ state: 'detached' });
    }
    await session.checkScreen('first-hour-flag');
    await shoot(page, 'flag-page');

    await command('checkout', 'Turn on checkout in development');
    await expect
      .poll(async () => {
        const flag = await api('GET', '/api/admin/projects/first-hour/features/checkout');
        return flag.environments.find((e: { name: string }) => e.name === 'development').enabled;
      })
      .toBe(true);

    await command('api token', /Create API token/);
    const tokens = page.getByRole('dialog', { name: 'New API token' });
    await tokens.getByLabel('Name').waitFor();
    await axe(page, 'token dialog from the command menu');
    await page.keyboard.press('Escape');
    await tokens.waitFor({ state: 'detached' });
  });

  it('drafts turning the flag on in production and submits it for review', async () => {
    const panel = page.getByRole('region', { name: 'Environment production' });
    await panel.getByRole('switch', { name: 'checkout in production' }).click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Turn on checkout in production?' });
    await confirm.getByRole('button', { name: 'Add to draft' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: 'Your drafts' })
      .getByRole('link', { name: 'Review draft in production' })
      .click();
    await page.getByRole('heading', { level: 1 }).getByText('Draft').waitFor();
    requestPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('In review').waitFor();
    await session.checkScreen('first-hour-in-review');
  });

  it('lets Olga, an Owner through her group, approve it; then it is applied', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    olga = await context.newPage();
    olga.setDefaultTimeout(20_000);
    await olga.goto(`${server.url}/projects`);
    await olga.getByLabel('Username or email').fill('olga');
    await olga.getByLabel('Password', { exact: true }).fill('olga-password-1');
    await olga.getByRole('button', { name: 'Sign in' }).click();
    await olga.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    watch(olga);
    await olga.goto(`${server.url}${requestPath}`);
    await olga.getByRole('button', { name: 'Approve' }).click();
    await olga.getByRole('heading', { level: 1 }).getByText('Approved').waitFor();
    await axe(olga, 'approved change request');
    await context.close();
    olga = undefined;

    await page.reload();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Applied').waitFor();
    const flag = await api('GET', '/api/admin/projects/first-hour/features/checkout');
    expect(flag.environments.find((e: { name: string }) => e.name === 'production').enabled).toBe(true);
  });

  it('adds a webhook for all events', async () => {
    const port = (receiver.address() as AddressInfo).port;
    await session.go('/integrations');
    await page.getByRole('button', { name: 'New integration' }).click();
    await page.getByRole('menuitem', { name: /^Webhook/ }).click();
    const dialog = page.getByRole('dialog', { name: /New Webhook integration/ });
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(`http://127.0.0.1:${port}/hook`);
    await dialog.getByRole('checkbox', { name: /^All events/ }).check();
    await axe(page, 'webhook form');
    await dialog.getByRole('button', { name: 'Create integration' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { addons, providers } = await api('GET', '/api/admin/addons');
    const webhook = providers.find((p: { name: string }) => p.name === 'webhook');
    expect(addons).toEqual([expect.objectContaining({ provider: 'webhook' })]);
    expect([...addons[0].events].sort()).toEqual([...webhook.events].sort());
    await session.checkScreen('first-hour-integrations');
  });

  it('logged no error in the browser console on the way', () => {
    expect(consoleErrors).toEqual([]);
  });
});
