import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { GroupFormModal } from './group-form-modal.tsx';
import { GroupsPage } from './groups-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 1, username: 'admin', rootRole: 1 }, permissions: [{ permission: 'ADMIN' }] };
const viewer = { user: { id: 2, username: 'vera', rootRole: 3 }, permissions: [{ permission: 'READ' }] };
const roles = {
  version: 1,
  roles: [
    { id: 1, type: 'root', name: 'Admin' },
    { id: 2, type: 'root', name: 'Editor' },
    { id: 4, type: 'project', name: 'Owner' },
    { id: 110, type: 'root-custom', name: 'Segment keeper' },
  ],
};
const people = {
  users: [
    { id: 3, name: 'Ada', username: 'ada', email: null, accountType: 'User' },
    { id: 5, name: null, username: 'deploy-bot', email: null, accountType: 'Service Account' },
  ],
  groups: [],
};
const checkoutTeam = {
  id: 7,
  name: 'Checkout team',
  description: 'Everyone who works on checkout',
  mappingsSSO: ['checkout-engineers'],
  rootRole: 110,
  createdBy: 'admin',
  createdAt: '2026-11-20T10:00:00.000Z',
  users: [
    {
      joinedAt: '2026-11-20T10:00:00.000Z',
      createdBy: 'admin',
      user: { id: 3, name: 'Ada', username: 'ada', email: null, isAPI: false },
    },
  ],
  projects: ['checkout'],
  userCount: 1,
  scimId: null,
};

describe('the groups page', () => {
  it('lists groups with members, root role, SSO groups and projects', async () => {
    fakeServer({
      'GET /api/admin/user': admin,
      'GET /api/admin/roles': roles,
      'GET /api/admin/groups': { groups: [checkoutTeam] },
    });
    renderUi(<GroupsPage />);
    const row = await screen.findByRole('row', { name: /Checkout team/ });
    expect(within(row).getByText('1 member')).toBeTruthy();
    expect(await within(row).findByText('Segment keeper')).toBeTruthy();
    expect(within(row).getByText('checkout-engineers')).toBeTruthy();
    expect(within(row).getByText('checkout')).toBeTruthy();
  });

  it('says so when there are no groups, and keeps them from non-admins', async () => {
    fakeServer({
      'GET /api/admin/user': admin,
      'GET /api/admin/roles': roles,
      'GET /api/admin/groups': { groups: [] },
    });
    const { unmount } = renderUi(<GroupsPage />);
    expect(await screen.findByText('No groups yet.')).toBeTruthy();
    unmount();

    fakeServer({ 'GET /api/admin/user': viewer });
    renderUi(<GroupsPage />);
    expect(await screen.findByText('Only administrators can see and change groups.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
  });
});

describe('the group form', () => {
  it('creates a group with a root role, SSO groups and a member', async () => {
    const { sent } = fakeServer({
      'GET /api/admin/roles': roles,
      'GET /api/admin/user-admin/access': people,
      'POST /api/admin/groups': () => Response.json(checkoutTeam, { status: 201 }),
    });
    const onClose = vi.fn();
    renderUi(<GroupFormModal onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Checkout team');

    await userEvent.click(screen.getByRole('combobox', { name: /^Root role/ }));
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Segment keeper' }));

    await userEvent.type(screen.getByRole('combobox', { name: /^SSO groups/ }), 'checkout-engineers{Enter}');
    await userEvent.click(screen.getByRole('combobox', { name: /^Members/ }));
    expect(await screen.findByRole('option', { name: 'deploy-bot (service account)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await sent('POST /api/admin/groups')[0]!.json()).toEqual({
      name: 'Checkout team',
      description: null,
      rootRole: 110,
      mappingsSSO: ['checkout-engineers'],
      users: [{ user: { id: 3 } }],
    });
  });

  it('shows a taken name beside the name field', async () => {
    fakeServer({
      'GET /api/admin/roles': roles,
      'GET /api/admin/user-admin/access': people,
      'PUT /api/admin/groups/7': () =>
        Response.json(
          { id: 'e3', name: 'NameExistsError', message: 'A group named "Ops" already exists', details: [] },
          { status: 409 },
        ),
    });
    renderUi(<GroupFormModal group={checkoutTeam} onClose={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Ops');
    await userEvent.click(screen.getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText('A group named "Ops" already exists')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});
