// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, seriousViolations } from './browser.ts';

const missing = browserMissing();

/**
 * Project access in Chromium, with two people: the admin gives a Viewer the Member role in one project through the
 * Access tab, and the Viewer then sees the controls of that project and no others, while the server refuses the rest.
 */
describe.skipIf(missing)('admin UI in Chromium: project access', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let vera: Page | undefined;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);

  beforeAll(async () => {
    session = await openAdminSession();
    ({ server, browser, page } = session);
    await api('POST', '/api/admin/projects', { id: 'team', name: 'Team' });
    await api('POST', '/api/admin/projects', { id: 'other', name: 'Other' });
    await api('POST', '/api/admin/user-admin', {
      name: 'Vera Viewer',
      username: 'vera',
      password: 'viewer-password-1',
      rootRole: 3,
    });
    await session.signIn();
  });
  stopAfterFirstFailure(() => vera ?? page);
  afterAll(() => session?.close());

  it('lets the admin give vera the Member role in team from the Access tab', async () => {
    await session.go('/projects/team');
    await page.getByRole('tab', { name: 'Access' }).click();
    await page.getByRole('button', { name: 'Add access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add access' });
    // A multiple choice stays open after a pick; a click on the title closes it, as a person would.
    const closeList = () => dialog.getByRole('heading', { name: 'Add access' }).click();
    await session.pick(dialog, 'Users, service accounts and groups', /^Vera Viewer/);
    await closeList();
    await dialog.getByRole('combobox', { name: 'Roles', exact: true }).click();
    // The list sits above the dialog's header: its first role can be clicked (trial: checks, does not pick).
    await page.getByRole('option', { name: 'Owner' }).click({ trial: true, timeout: 5_000 });
    await page.getByRole('option', { name: 'Member' }).click();
    await closeList();
    await dialog.getByRole('button', { name: 'Give access' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: 'Vera Viewer' });
    await row.getByRole('list', { name: 'Roles of Vera Viewer' }).getByText('Member').waitFor();
    const access = await api('GET', '/api/admin/projects/team/access');
    expect(access.users).toEqual([expect.objectContaining({ username: 'vera', roles: [5] })]);
    await session.checkScreen('project-access');
  });

  it("shows the admin vera's effective permissions in team", async () => {
    await session.go('/users');
    await page
      .getByRole('row', { name: /Vera Viewer/ })
      .getByRole('button', { name: 'Permissions' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Permissions of Vera Viewer' });
    await session.pick(dialog, 'Project', 'Team');
    const project = dialog.getByRole('table', { name: 'Project permissions in team' });
    await project.getByRole('row', { name: /CREATE_FEATURE.*Held/ }).waitFor();
    await dialog.getByText('Member', { exact: true }).waitFor();
    await session.checkScreen('user-permissions');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows vera the controls of team and not of other, and the server agrees', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    vera = await context.newPage();
    vera.setDefaultTimeout(15_000);
    await vera.goto(`${server.url}/projects`);
    await vera.getByLabel('Username or email').fill('vera');
    await vera.getByLabel('Password', { exact: true }).fill('viewer-password-1');
    await vera.getByRole('button', { name: 'Sign in' }).click();
    await vera.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    expect(await vera.getByRole('group', { name: 'Access' }).count()).toBe(0);
    expect(await vera.getByRole('link', { name: 'Users' }).count()).toBe(0);

    await vera.goto(`${server.url}/projects/team`);
    await vera.getByRole('button', { name: 'New flag' }).waitFor();
    expect(await seriousViolations(vera), 'project page as a member').toEqual([]);

    await vera.goto(`${server.url}/projects/other`);
    await vera.getByText('This project has no flags yet.').waitFor();
    expect(await vera.getByRole('button', { name: 'New flag' }).count()).toBe(0);
    expect(await vera.getByRole('tab', { name: 'Access' }).count()).toBe(0);

    // The UI only hides what the server would refuse: the same call from the page is refused in other alone.
    const create = (project: string) =>
      vera!.evaluate(async (url) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'sneaky-flag' }),
        });
        return { status: response.status, body: (await response.json()) as { name?: string } };
      }, `/api/admin/projects/${project}/features`);
    const refused = await create('other');
    expect(refused.status).toBe(403);
    expect(refused.body.name).toBe('NoAccessError');
    expect((await create('team')).status).toBeLessThan(300);
    await context.close();
  });
});
