// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, seriousViolations } from './browser.ts';

const missing = browserMissing();

/**
 * Access requests in Chromium, with three people: a Viewer asks for access to a project from its page, the
 * project's Owner approves it on the Access tab, and the Viewer then works in the project.
 */
describe.skipIf(missing)('admin UI in Chromium: access requests', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let current: Page | undefined;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);

  /** A new browser of its own, signed in as `username`. */
  async function signedIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    current = page;
    await page.goto(`${server.url}/projects`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    return page;
  }

  beforeAll(async () => {
    session = await openAdminSession();
    ({ server, browser } = session);
    await api('POST', '/api/admin/projects', { id: 'garden', name: 'Garden' });
    const person = (name: string, username: string) =>
      api('POST', '/api/admin/user-admin', {
        name,
        username,
        password: `${username}-password-1`,
        rootRole: 3,
      }) as Promise<{ id: number }>;
    const olga = await person('Olga Owner', 'olga');
    await person('Maria Viewer', 'maria');
    await api('POST', '/api/admin/projects/garden/access', { roles: [4], users: [olga.id], groups: [] });
  });
  stopAfterFirstFailure(() => current ?? session.page);
  afterAll(() => session?.close());

  it('lets maria ask for access to garden, once', async () => {
    const maria = await signedIn('maria', 'maria-password-1');
    await maria.goto(`${server.url}/projects/garden`);
    await maria.getByText('This project has no flags yet.').waitFor();
    expect(await maria.getByRole('button', { name: 'New flag' }).count()).toBe(0);
    await maria.getByRole('button', { name: 'Request access' }).click();
    await maria.getByRole('status').filter({ hasText: 'Request sent' }).waitFor();

    await maria.reload();
    await maria.getByRole('button', { name: 'Request access' }).click();
    await maria.getByRole('status').filter({ hasText: 'Your request is already pending' }).waitFor();
    expect(await seriousViolations(maria), 'project page without access').toEqual([]);
    await maria.context().close();
  });

  it("lets olga, garden's Owner, approve it on the Access tab, and maria then works in garden", async () => {
    const olga = await signedIn('olga', 'olga-password-1');
    await olga.goto(`${server.url}/projects/garden/access`);
    const requests = olga.getByRole('table', { name: 'Access requests' });
    await requests.getByRole('row').filter({ hasText: 'Maria Viewer' }).waitFor();
    expect(await seriousViolations(olga), 'access tab with a request').toEqual([]);
    await requests.getByRole('button', { name: 'Approve Maria Viewer' }).click();
    await olga.getByText('Nobody is asking for access to this project.').waitFor();
    const access = olga.getByRole('table', { name: 'Access' });
    await access.getByRole('list', { name: 'Roles of Maria Viewer' }).getByText('Member').waitFor();
    await olga.context().close();

    const maria = await signedIn('maria', 'maria-password-1');
    await maria.goto(`${server.url}/projects/garden`);
    await maria.getByRole('button', { name: 'New flag' }).waitFor();
    expect(await maria.getByRole('button', { name: 'Request access' }).count()).toBe(0);
    await maria.context().close();
  });
});
