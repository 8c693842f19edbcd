import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { UserPermissionsModal } from './user-permissions-modal.tsx';
import type { UserPermissionsResponse } from './use-user-permissions.ts';

afterEach(() => vi.unstubAllGlobals());

const check = (name: string, type: string, hasPermission: boolean, environment?: string) => ({
  id: 1,
  name,
  displayName: `${name} described`,
  type,
  hasPermission,
  ...(environment ? { environment } : {}),
});
const answer = (project: string, environment: string): UserPermissionsResponse => ({
  overview: {
    root: [check('CREATE_PROJECT', 'root', false), check('READ', 'root', true)],
    project: [check('CREATE_FEATURE', 'project', project === 'team')],
    environment: [check('UPDATE_FEATURE_ENVIRONMENT', 'environment', project === 'team', environment)],
  },
  user: {
    id: 11,
    username: 'vera',
    email: null,
    name: 'Vera',
    rootRole: 3,
    rootRoleName: 'Viewer',
    permissions: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    seenAt: null,
    isAPI: false,
  },
  rootRole: { id: 3, type: 'root', name: 'Viewer', description: 'Reads' },
  projectRoles:
    project === 'team' ? [{ id: 5, type: 'project', name: 'Member', description: 'Flag work' }] : [],
});

function fakeServer(fail = false) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/admin/projects')
        return Response.json({
          projects: [
            { id: 'default', name: 'Default' },
            { id: 'team', name: 'Team' },
          ],
        });
      if (url.pathname === '/api/admin/environments')
        return Response.json({
          environments: [
            { name: 'development', type: 'development', enabled: true, sortOrder: 1 },
            { name: 'production', type: 'production', enabled: true, sortOrder: 2 },
          ],
        });
      if (url.pathname === '/api/admin/user-admin/11/permissions') {
        asked.push(url.search);
        if (fail)
          return Response.json(
            { id: 'e', name: 'NoAccessError', message: 'You need the ADMIN permission', details: [] },
            { status: 403 },
          );
        return Response.json(
          answer(
            url.searchParams.get('project') ?? 'default',
            url.searchParams.get('environment') ?? 'development',
          ),
        );
      }
      return new Response(null, { status: 404 });
    }),
  );
  return asked;
}

describe("a user's effective permissions", () => {
  it('shows what is held at each level, and asks again for the project and environment picked', async () => {
    const asked = fakeServer();
    renderUi(<UserPermissionsModal user={{ id: 11, label: 'Vera' }} onClose={() => {}} />);
    expect((await screen.findByRole('status')).textContent).toContain('Loading permissions');
    const root = await screen.findByRole('table', { name: 'Root permissions' });
    expect(within(root).getByText('CREATE_PROJECT').closest('tr')!.textContent).toContain('Not held');
    expect(within(root).getByText('READ').closest('tr')!.textContent).toContain('Held');
    expect(screen.getByText('Viewer')).toBeTruthy();
    expect(asked).toEqual(['']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    await userEvent.click(screen.getByRole('option', { name: 'Team' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(screen.getByRole('option', { name: 'production' }));

    const environment = await screen.findByRole('table', { name: 'Environment permissions in production' });
    await waitFor(() =>
      expect(within(environment).getByText('UPDATE_FEATURE_ENVIRONMENT').closest('tr')!.textContent).toMatch(
        /Held$/,
      ),
    );
    const project = screen.getByRole('table', { name: 'Project permissions in team' });
    expect(within(project).getByText('CREATE_FEATURE').closest('tr')!.textContent).toMatch(/Held$/);
    expect(screen.getByText('Member')).toBeTruthy();
    expect(asked.at(-1)).toBe('?project=team&environment=production');
  });

  it('shows the refusal when the server gives none', async () => {
    fakeServer(true);
    renderUi(<UserPermissionsModal user={{ id: 11, label: 'Vera' }} onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You need the ADMIN permission');
  });
});
