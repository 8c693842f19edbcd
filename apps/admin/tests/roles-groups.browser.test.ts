// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * Access control from the admin UI, in Chromium: a custom project role built on the environment grid, a group with
 * a member and a root role, and the refusal to delete a role someone holds. Steps share one page and run in order.
 */
describe.skipIf(missing)('admin UI in Chromium: roles and groups', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let page: Page;
  let adaId: number;
  let roleId: number;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);

  beforeAll(async () => {
    session = await openAdminSession();
    page = session.page;
    adaId = (
      await api('POST', '/api/admin/user-admin', {
        username: 'ada',
        name: 'Ada Lovelace',
        password: 'ada-password-1',
        rootRole: 3,
      })
    ).id;
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('creates a project role that may turn flags on and off in development only', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('tab', { name: 'Project roles' }).click();
    await page.getByRole('button', { name: 'Show permissions of Member' }).click();
    await page
      .getByRole('list', { name: 'Permissions of Member' })
      .getByText('Turn flags on and off')
      .waitFor();

    await page.getByRole('button', { name: 'New project role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project role' });
    await dialog.getByLabel(/^Name/).fill('Development toggler');
    await dialog.getByLabel('Description').fill('Turns flags on and off in development');
    await dialog.getByRole('checkbox', { name: 'Turn flags on and off in development' }).check();
    await session.checkScreen('role-form');
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Development toggler/ }).waitFor();

    const { roles } = await api('GET', '/api/admin/roles');
    roleId = roles.find((role: { name: string }) => role.name === 'Development toggler').id;
    const saved = await api('GET', `/api/admin/roles/${roleId}`);
    expect(saved.type).toBe('custom');
    expect(
      saved.permissions.map((p: { name: string; environment?: string }) => [p.name, p.environment]),
    ).toEqual([['UPDATE_FEATURE_ENVIRONMENT', 'development']]);
    await session.checkScreen('roles');
  });

  it('creates a group with a member and a root role', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await page.getByText('No groups yet.').waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel(/^Name/).fill('Checkout team');
    await session.pick(dialog, 'Root role', 'Editor');
    await dialog.getByRole('combobox', { name: 'SSO groups' }).fill('checkout-engineers');
    await dialog.getByRole('combobox', { name: 'SSO groups' }).press('Enter');
    await session.pick(dialog, 'Members', 'Ada Lovelace');
    // The member list stays open for more picks; leaving the field closes it.
    await dialog.getByRole('combobox', { name: 'Members' }).press('Tab');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Checkout team/ });
    await row.getByText('1 member').waitFor();
    await row.getByText('Editor').waitFor();
    await row.getByText('checkout-engineers').waitFor();
    const { groups } = await api('GET', '/api/admin/groups');
    expect(groups).toMatchObject([{ name: 'Checkout team', rootRole: 2, users: [{ user: { id: adaId } }] }]);
    await session.checkScreen('groups');
  });

  it('refuses to delete a role someone holds, saying where', async () => {
    await api('POST', '/api/admin/projects/default/access', { roles: [roleId], users: [adaId], groups: [] });
    await session.go('/roles');
    await page.getByRole('tab', { name: 'Project roles' }).click();
    await page.getByRole('button', { name: 'Edit Development toggler' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Development toggler' });
    await edit
      .getByRole('table', { name: 'Projects using this role' })
      .getByRole('cell', { name: 'default' })
      .waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete Development toggler' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Development toggler?' });
    await confirm.getByRole('button', { name: 'Delete role' }).click();
    const alert = confirm.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/is in use: held in project "default" by 1 user/);
    await session.checkScreen('role-in-use');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', '/api/admin/roles')).roles.some((r: { id: number }) => r.id === roleId)).toBe(
      true,
    );
  });
});
