// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, screenshot, seriousViolations } from './browser.ts';

const missing = browserMissing();

type FlagEnvironment = { name: string; enabled: boolean; strategies: { name: string }[] };

/**
 * Four eyes in Chromium: change requests are on in production; Ada drafts two changes to a flag there and submits
 * them, Bob reviews the diff and approves, Ada applies; the flag is on in production only after that.
 */
describe.skipIf(missing)('admin UI in Chromium: change requests', { timeout: 90_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let ada: Page | undefined;
  let bob: Page | undefined;
  let requestPath = '';
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const production = async (): Promise<FlagEnvironment> => {
    const flag = (await api('GET', '/api/admin/projects/default/features/checkout')) as {
      environments: FlagEnvironment[];
    };
    return flag.environments.find((e) => e.name === 'production')!;
  };

  async function signIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const person = await context.newPage();
    person.setDefaultTimeout(15_000);
    await person.goto(`${server.url}/projects`);
    await person.getByLabel('Username or email').fill(username);
    await person.getByLabel('Password', { exact: true }).fill(password);
    await person.getByRole('button', { name: 'Sign in' }).click();
    await person.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    return person;
  }

  beforeAll(async () => {
    session = await openAdminSession();
    ({ server, browser, page } = session);
    const users: number[] = [];
    for (const [username, name] of [
      ['ada', 'Ada Author'],
      ['bob', 'Bob Reviewer'],
    ])
      users.push(
        (
          await api('POST', '/api/admin/user-admin', {
            username,
            name,
            password: `${username}-password-1`,
            rootRole: 2,
          })
        ).id,
      );
    // Editors do flag work in the default project; approving and applying there needs a role that grants them.
    const role = await api('POST', '/api/admin/roles', {
      name: 'Production releaser',
      description: 'Approves and applies change requests in production',
      type: 'custom',
      permissions: [
        { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
        { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
      ],
    });
    await api('POST', '/api/admin/projects/default/access', { roles: [role.roles.id], users, groups: [] });
    await api('POST', '/api/admin/projects/default/features', { name: 'checkout' });
    await session.signIn();
  });
  stopAfterFirstFailure(() => bob ?? ada ?? page);
  afterAll(() => session?.close());

  it('lets the admin require one approval in production from the project settings', async () => {
    await session.go('/projects/default');
    await page.getByRole('tab', { name: 'Change requests' }).click();
    const settings = page.getByRole('table', { name: 'Change request settings' });
    // The switch is disabled until the caller's permissions have arrived: a click before that changes nothing.
    const toggle = settings.getByRole('switch', { name: 'Change requests in production' });
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await settings.getByRole('textbox', { name: 'Required approvals in production' }).fill('1');
    await settings.getByRole('button', { name: 'Save change request settings of production' }).click();
    await expect
      .poll(async () => api('GET', '/api/admin/projects/default/change-requests/config'))
      .toContainEqual(
        expect.objectContaining({
          environment: 'production',
          changeRequestEnabled: true,
          requiredApprovals: 1,
        }),
      );
    await session.checkScreen('change-request-settings');
  });

  it('lets Ada draft two changes in production without changing the flag', async () => {
    ada = await signIn('ada', 'ada-password-1');
    await ada.goto(`${server.url}/projects/default/flags/checkout`);
    const panel = ada.getByRole('region', { name: 'Environment production' });
    await panel.getByText('Change requests', { exact: true }).waitFor();
    await panel.getByRole('switch', { name: 'checkout in production' }).click({ force: true });
    const confirm = ada.getByRole('dialog', { name: 'Turn on checkout in production?' });
    await confirm.getByRole('button', { name: 'Add to draft' }).click();
    await confirm.waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'Add strategy' }).click();
    const modal = ada.getByRole('dialog', { name: /Add strategy · checkout in production/ });
    await modal.getByRole('button', { name: 'Add to draft' }).click();
    await modal.waitFor({ state: 'detached' });

    const drafts = ada.getByRole('region', { name: 'Your drafts' });
    await drafts.getByText('2 changes in your draft for production').waitFor();
    expect(await production()).toMatchObject({ enabled: false, strategies: [] });
    expect(await seriousViolations(ada), 'flag page with a draft').toEqual([]);

    await drafts.getByRole('link', { name: 'Review draft in production' }).click();
    await ada.getByRole('heading', { level: 1 }).getByText('Draft').waitFor();
    requestPath = new URL(ada.url()).pathname;
    expect(requestPath).toMatch(/^\/projects\/default\/change-requests\/\d+$/);
    await ada.getByRole('button', { name: 'Submit for review' }).click();
    await ada.getByRole('heading', { level: 1 }).getByText('In review').waitFor();
    expect(await ada.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await production()).enabled).toBe(false);
  });

  it('lets Bob find the request waiting for him, read the diff and approve it', async () => {
    bob = await signIn('bob', 'bob-password-1');
    await bob.goto(`${server.url}/projects/default/change-requests`);
    const waiting = bob.getByRole('table', { name: 'Waiting for me' });
    await waiting.getByRole('link').first().click();
    await bob.waitForURL(`**${requestPath}`);

    const toggle = bob.getByRole('table', { name: 'Turn on: before and after' });
    await toggle.getByRole('row', { name: /Enabled.*off.*on/ }).waitFor();
    const strategy = bob.getByRole('table', { name: /^Add strategy .*: before and after$/ });
    await strategy
      .getByRole('row', { name: /Strategy/ })
      .first()
      .waitFor();
    expect(await seriousViolations(bob), 'review page').toEqual([]);
    expect(await screenshot(bob, 'change-request-review'), 'review page screenshot').toBeGreaterThan(5);

    await bob.getByRole('button', { name: 'Approve' }).click();
    await bob.getByRole('heading', { level: 1 }).getByText('Approved').waitFor();
    expect((await production()).enabled).toBe(false);
  });

  it('lets Ada apply it, and only then is the flag on in production', async () => {
    await ada!.goto(`${server.url}${requestPath}`);
    await ada!.getByRole('heading', { level: 1 }).getByText('Approved').waitFor();
    expect((await production()).enabled).toBe(false);
    await ada!.getByRole('button', { name: 'Apply changes' }).click();
    await ada!.getByRole('heading', { level: 1 }).getByText('Applied').waitFor();

    const after = await production();
    expect(after.enabled).toBe(true);
    expect(after.strategies.map((s) => s.name)).toContain('flexibleRollout');
    const development = (
      (await api('GET', '/api/admin/projects/default/features/checkout')) as {
        environments: FlagEnvironment[];
      }
    ).environments.find((e) => e.name === 'development')!;
    expect(development.enabled).toBe(false);
  });

  it('tells Ada in the notification menu that her request was approved', async () => {
    await ada!.reload();
    await ada!.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    await ada!
      .getByRole('menuitem', { name: /approved/i })
      .first()
      .waitFor();
  });
});
