// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing, seriousViolations } from './browser.ts';

const missing = browserMissing();
const OWNER_ROLE = 4;
const MEMBER_ROLE = 5;
const VIEWER_ROOT_ROLE = 3;

type FlagEnvironment = { name: string; enabled: boolean };

/**
 * Approval with the predefined roles alone (decision record 0030), in Chromium: no custom role anywhere. Mats, a
 * Member of "team", drafts a change in production and asks Olga, its Owner, to review; Olga finds it among the
 * requests awaiting her approval across projects, approves and applies it. In "solo", the Admin is the only one who
 * may approve, so their own request says nobody can, who can change that, and links there.
 */
describe.skipIf(missing)('admin UI in Chromium: who approves change requests', { timeout: 120_000 }, () => {
  let session: AdminSession;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let mats: Page | undefined;
  let olga: Page | undefined;
  let requestPath = '';
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const enabledIn = async (project: string, flag: string, environment: string) =>
    (
      (await api('GET', `/api/admin/projects/${project}/features/${flag}`)) as {
        environments: FlagEnvironment[];
      }
    ).environments.find((e) => e.name === environment)!.enabled;

  async function signIn(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const person = await context.newPage();
    person.setDefaultTimeout(20_000);
    await person.goto(`${server.url}/projects`);
    await person.getByLabel('Username or email').fill(username);
    await person.getByLabel('Password', { exact: true }).fill(`${username}-password-1`);
    await person.getByRole('button', { name: 'Sign in' }).click();
    await person.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    return person;
  }

  /** Turns the flag on in production as a draft, from its page, and opens the draft. */
  async function draftTurningOn(person: Page, project: string, flag: string): Promise<string> {
    await person.goto(`${server.url}/projects/${project}/flags/${flag}`);
    const panel = person.getByRole('region', { name: 'Environment production' });
    await panel.getByText('Change requests', { exact: true }).waitFor();
    await panel.getByRole('switch', { name: `${flag} in production` }).click({ force: true });
    const confirm = person.getByRole('dialog', { name: `Turn on ${flag} in production?` });
    await confirm.getByRole('button', { name: 'Add to draft' }).click();
    await confirm.waitFor({ state: 'detached' });
    await person
      .getByRole('region', { name: 'Your drafts' })
      .getByRole('link', { name: 'Review draft in production' })
      .click();
    await person.getByRole('heading', { level: 1 }).getByText('Draft').waitFor();
    return new URL(person.url()).pathname;
  }

  beforeAll(async () => {
    session = await openAdminSession();
    ({ server, browser, page } = session);
    page.setDefaultTimeout(20_000);
    const ids: Record<string, number> = {};
    for (const [username, name] of [
      ['olga', 'Olga Owner'],
      ['mats', 'Mats Member'],
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
    for (const [project, flag] of [
      ['team', 'checkout'],
      ['solo', 'lonely'],
    ]) {
      await api('POST', '/api/admin/projects', { id: project, name: project });
      await api('PUT', `/api/admin/projects/${project}/environments/production/change-requests/config`, {
        changeRequestsEnabled: true,
        requiredApprovals: 1,
      });
      await api('POST', `/api/admin/projects/${project}/features`, { name: flag });
    }
    await api('POST', '/api/admin/projects/team/access', {
      roles: [OWNER_ROLE],
      users: [ids.olga],
      groups: [],
    });
    await api('POST', '/api/admin/projects/team/access', {
      roles: [MEMBER_ROLE],
      users: [ids.mats],
      groups: [],
    });
  });
  stopAfterFirstFailure(() => olga ?? mats ?? page);
  afterAll(() => session?.close());

  it("lets Mats, a Member, draft a change and ask the project's Owner to review it", async () => {
    mats = await signIn('mats');
    requestPath = await draftTurningOn(mats, 'team', 'checkout');
    const reviewers = mats.getByRole('region', { name: 'Reviewers' });
    await reviewers.getByPlaceholder('People who may approve here').click();
    await mats.getByRole('option', { name: 'Olga Owner' }).click();
    await mats.keyboard.press('Escape');
    await reviewers.getByRole('button', { name: 'Ask' }).click();
    await reviewers.getByText('Nobody in particular has been asked.').waitFor({ state: 'detached' });
    await mats.getByRole('button', { name: 'Submit for review' }).click();
    await mats.getByRole('heading', { level: 1 }).getByText('In review').waitFor();
    expect(await mats.getByRole('alert', { name: /Nobody can approve/ }).count()).toBe(0);
    expect(await mats.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await enabledIn('team', 'checkout', 'production')).toBe(false);
  });

  it("shows Olga who may approve in each of the project's environments", async () => {
    olga = await signIn('olga');
    await olga.goto(`${server.url}/projects/team?tab=settings`);
    const production = olga
      .getByRole('table', { name: 'Who may approve' })
      .getByRole('row', { name: /production/ });
    await production.getByText('Olga Owner').waitFor();
    await production.getByText('Admin', { exact: true }).waitFor();
    expect(await production.getByText('Mats Member').count()).toBe(0);
    expect(await seriousViolations(olga), 'project settings').toEqual([]);
  });

  it('lets Olga, the Owner, find the request awaiting her approval across projects, approve and apply it', async () => {
    await olga!.goto(`${server.url}/change-requests`);
    await olga!.getByRole('heading', { level: 1, name: 'Change requests' }).waitFor();
    await olga!
      .getByRole('radiogroup', { name: 'Whose change requests' })
      .getByText('Approval requested from me')
      .click();
    const table = olga!.getByRole('table', { name: 'Change requests across projects' });
    await table.getByRole('row', { name: /team.*production.*In review.*mats/ }).waitFor();
    expect(await seriousViolations(olga!), 'change requests across projects').toEqual([]);
    await table.getByRole('row', { name: /team/ }).getByRole('link').first().click();
    await olga!.waitForURL(`**${requestPath}`);

    await olga!.getByRole('button', { name: 'Approve' }).click();
    await olga!.getByRole('heading', { level: 1 }).getByText('Approved').waitFor();
    expect(await enabledIn('team', 'checkout', 'production')).toBe(false);
    await olga!.getByRole('button', { name: 'Apply changes' }).click();
    await olga!.getByRole('heading', { level: 1 }).getByText('Applied').waitFor();
    expect(await enabledIn('team', 'checkout', 'production')).toBe(true);
  });

  it('tells a lone author why nobody can approve their request, who can change that, and links there', async () => {
    await session.signIn();
    await draftTurningOn(page, 'solo', 'lonely');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('In review').waitFor();
    const alert = page.getByRole('alert', { name: 'Nobody can approve this request yet' });
    await alert.getByText(/Nobody but its author may approve change requests in "production"/).waitFor();
    await alert.getByText(/APPROVE_CHANGE_REQUEST/).waitFor();
    await alert.getByText('Who can give that permission in solo: you.').waitFor();
    await session.checkScreen('change-request-nobody-approves');

    await alert.getByRole('link', { name: "Open the project's access settings" }).click();
    await page.waitForURL('**/projects/solo/access');
    await page.getByRole('tab', { name: 'Access', selected: true }).waitFor();
  });
});
