import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ProjectAccessPanel } from './project-access-panel.tsx';
import type { AccessCandidates, ProjectAccessResponse } from './project-access.ts';

afterEach(() => vi.unstubAllGlobals());

const ROLES = [
  { id: 5, name: 'Member', type: 'project', description: 'Flag work in every environment' },
  { id: 4, name: 'Owner', type: 'project', description: 'Everything in the project' },
  { id: 6, name: 'Reader', type: 'project', description: 'Sees the project' },
];
const access = (): ProjectAccessResponse => ({
  users: [
    {
      id: 3,
      name: 'Ada',
      username: 'ada',
      email: 'ada@example.com',
      isAPI: false,
      accountType: 'User',
      addedAt: '2026-11-20T10:00:00.000Z',
      roleId: 4,
      roles: [4, 5],
    },
    {
      id: 9,
      name: 'deploy-bot',
      username: 'deploy-bot',
      email: null,
      isAPI: true,
      accountType: 'Service Account',
      addedAt: '2026-11-20T10:00:00.000Z',
      roleId: 6,
      roles: [6],
    },
  ],
  groups: [
    {
      id: 7,
      name: 'Checkout team',
      userCount: 4,
      addedAt: '2026-11-20T10:00:00.000Z',
      roleId: 5,
      roles: [5],
    },
  ],
  roles: ROLES,
});
const candidates: AccessCandidates = {
  users: [
    { id: 3, name: 'Ada', username: 'ada', email: 'ada@example.com', accountType: 'User' },
    { id: 11, name: 'Vera', username: 'vera', email: null, accountType: 'User' },
  ],
  groups: [{ id: 7, name: 'Checkout team', userCount: 4 }],
};

type Grant = { permission: string; project?: string };

/** The calls the tab makes; `answer` can stand in for the access list. */
function fakeServer(grants: Grant[], answer: () => Response = () => Response.json(access())) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    calls.push({ method: request.method, path: pathname, body });
    if (pathname === '/api/admin/user') return Response.json({ user: { id: 1 }, permissions: grants });
    if (pathname === '/api/admin/projects/team/access' && request.method === 'GET') return answer();
    if (pathname === '/api/admin/user-admin/access') return Response.json(candidates);
    return new Response(null, { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const writer = [{ permission: 'PROJECT_USER_ACCESS_WRITE', project: 'team' }];

describe('the Access tab of a project', () => {
  it('lists people, service accounts and groups with their roles', async () => {
    fakeServer(writer);
    renderUi(<ProjectAccessPanel projectId="team" />);
    const ada = (await screen.findByText('Ada')).closest('tr')!;
    expect(within(ada).getByRole('list', { name: 'Roles of Ada' }).textContent).toBe('OwnerMember');
    expect(within(ada).getByText('ada · ada@example.com')).toBeTruthy();
    const bot = screen.getByText('deploy-bot').closest('tr')!;
    expect(within(bot).getByText('Service account')).toBeTruthy();
    expect(within(bot).getByText('Reader')).toBeTruthy();
    const group = screen.getByText('Checkout team').closest('tr')!;
    expect(within(group).getByText('Group')).toBeTruthy();
    expect(within(group).getByText('4 members')).toBeTruthy();
  });

  it('shows the list without the controls to whoever may only read it', async () => {
    fakeServer([{ permission: 'PROJECT_USER_ACCESS_READ', project: 'team' }]);
    renderUi(<ProjectAccessPanel projectId="team" />);
    await screen.findByText('Ada');
    expect(screen.queryByRole('button', { name: 'Add access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Ada' })).toBeNull();
  });

  it('says when nobody has access, and when the list cannot be loaded', async () => {
    fakeServer(writer, () => Response.json({ users: [], groups: [], roles: ROLES }));
    const { unmount } = renderUi(<ProjectAccessPanel projectId="team" />);
    expect(await screen.findByText('Nobody holds a role in this project yet.')).toBeTruthy();
    unmount();

    fakeServer(writer, () =>
      Response.json(
        { id: 'e1', name: 'NotFoundError', message: 'project "team" does not exist', details: [] },
        { status: 404 },
      ),
    );
    renderUi(<ProjectAccessPanel projectId="team" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load access');
    expect(alert.textContent).toContain('project "team" does not exist');
  });

  it('gives people and groups roles, leaving out those already listed', async () => {
    const calls = fakeServer(writer);
    renderUi(<ProjectAccessPanel projectId="team" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add access' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Give access' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Pick at least one/);

    await userEvent.click(
      await within(dialog).findByRole('combobox', { name: 'Users, service accounts and groups' }),
    );
    expect(within(dialog).queryByRole('option', { name: /Ada/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('option', { name: 'Vera (vera)' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(within(dialog).getByRole('option', { name: 'Member' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give access' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add access' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/projects/team/access',
      body: { users: [11], groups: [], roles: [5] },
    });
  });

  it('changes the roles of an entry and removes one after asking', async () => {
    const calls = fakeServer(writer);
    renderUi(<ProjectAccessPanel projectId="team" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit roles of Checkout team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Checkout team' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(within(dialog).getByRole('option', { name: 'Reader' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/projects/team/groups/7/roles',
      body: { roles: [5, 6] },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove deploy-bot' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove deploy-bot from team?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/admin/projects/team/users/9/roles');
  });
});
