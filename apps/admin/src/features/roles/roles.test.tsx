import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { RoleFormModal } from './role-form-modal.tsx';
import { RoleList } from './role-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const permission = (id: number, name: string, displayName: string, type: string, environment?: string) => ({
  id,
  name,
  displayName,
  type,
  ...(environment ? { environment } : {}),
});
const catalogue = {
  version: 1,
  permissions: {
    root: [
      permission(3, 'CREATE_ADDON', 'Create integrations', 'root'),
      permission(20, 'CREATE_SEGMENT', 'Create segments', 'root'),
      permission(30, 'UPDATE_CORS', 'Change the allowed CORS origins', 'root'),
    ],
    project: [permission(38, 'CREATE_FEATURE', 'Create, clone and import flags', 'project')],
    environments: ['development', 'production'].map((name) => ({
      name,
      permissions: [
        permission(60, 'UPDATE_FEATURE_ENVIRONMENT', 'Turn flags on and off', 'environment', name),
        permission(61, 'CREATE_FEATURE_STRATEGY', 'Add strategies to flags', 'environment', name),
      ],
    })),
  },
};
const roles = {
  version: 1,
  roles: [
    { id: 1, type: 'root', name: 'Admin', description: 'Everything' },
    { id: 4, type: 'project', name: 'Owner', description: 'Everything in the project' },
    { id: 101, type: 'custom', name: 'Development toggler', description: '' },
  ],
};

describe('the project role form', () => {
  it('grants environment permissions through the grid and sends them with their environments', async () => {
    const { sent } = fakeServer({
      'GET /api/admin/permissions': catalogue,
      'POST /api/admin/roles': { version: 1, roles: { id: 102, type: 'custom', name: 'Dev' } },
    });
    const onClose = vi.fn();
    renderUi(<RoleFormModal type="custom" onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Dev');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Turn flags on and off in development' }));
    const row = screen.getByRole('checkbox', { name: 'Turn flags on and off in every environment' });
    expect((row as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Every permission in production' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Create, clone and import flags/ }));
    expect((row as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await sent('POST /api/admin/roles')[0]!.json()).toEqual({
      name: 'Dev',
      description: '',
      type: 'custom',
      permissions: [
        { name: 'CREATE_FEATURE' },
        { name: 'CREATE_FEATURE_STRATEGY', environment: 'production' },
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' },
      ],
    });
  });

  it("shows the server's validation errors beside the fields they name", async () => {
    fakeServer({
      'GET /api/admin/permissions': catalogue,
      'POST /api/admin/roles': () =>
        Response.json(
          {
            id: 'e1',
            name: 'BadDataError',
            message: 'Request validation failed',
            details: [
              { path: '/body/permissions/0/environment', message: 'environment "qa" does not exist' },
            ],
          },
          { status: 400 },
        ),
    });
    renderUi(<RoleFormModal type="custom" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create role' }));
    expect(screen.getByText('Give the role a name')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'QA');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect((await screen.findByRole('alert')).textContent).toBe('environment "qa" does not exist');
  });

  it('groups the root permissions by what they act on', async () => {
    fakeServer({ 'GET /api/admin/permissions': catalogue });
    renderUi(<RoleFormModal type="root-custom" onClose={vi.fn()} />);
    const integrations = await screen.findByRole('group', { name: 'Integrations' });
    expect(within(integrations).getByRole('checkbox', { name: /Create integrations/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Instance' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Environment permissions' })).toBeNull();
  });

  it('shows where an edited role is held, per project', async () => {
    fakeServer({
      'GET /api/admin/permissions': catalogue,
      'GET /api/admin/roles/101': {
        id: 101,
        type: 'custom',
        name: 'Development toggler',
        description: '',
        permissions: [
          permission(60, 'UPDATE_FEATURE_ENVIRONMENT', 'Turn flags on and off', 'environment', 'development'),
        ],
      },
      'GET /api/admin/projects/roles/101/access': {
        projects: [{ project: 'web', role: 101, userCount: 2, serviceAccountCount: 0, groupCount: 1 }],
      },
    });
    renderUi(<RoleFormModal type="custom" roleId={101} onClose={vi.fn()} />);
    const cell = await screen.findByRole('checkbox', { name: 'Turn flags on and off in development' });
    expect((cell as HTMLInputElement).checked).toBe(true);
    const usage = await screen.findByRole('table', { name: 'Projects using this role' });
    expect(within(usage).getByRole('row', { name: 'web 2 0 1' })).toBeTruthy();
  });
});

describe('the role list', () => {
  it('shows predefined roles read-only with their permissions on demand, custom ones to edit', async () => {
    fakeServer({
      'GET /api/admin/roles': roles,
      'GET /api/admin/roles/4': {
        ...roles.roles[1],
        permissions: [permission(38, 'CREATE_FEATURE', 'Create, clone and import flags', 'project')],
      },
    });
    renderUi(<RoleList type="custom" />);
    await screen.findByText('Development toggler');
    expect(screen.queryByText('Admin')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Development toggler' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show permissions of Owner' }));
    const list = await screen.findByRole('list', { name: 'Permissions of Owner' });
    expect(list.textContent).toContain('Create, clone and import flags');
  });

  it("asks before deleting, and shows the server's answer when the role is in use", async () => {
    const message =
      'Role "Development toggler" is in use: held in project "web" by 1 user(s). Remove it there first.';
    fakeServer({
      'GET /api/admin/roles': roles,
      'DELETE /api/admin/roles/101': () =>
        Response.json({ id: 'e2', name: 'ConflictError', message, details: [] }, { status: 409 }),
    });
    renderUi(<RoleList type="custom" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Development toggler' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Development toggler?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message);
  });
});
