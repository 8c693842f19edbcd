import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { AccessRequestPanel } from './access-request-panel.tsx';
import { RequestAccessButton } from './request-access-button.tsx';
import type { AccessRequest } from './use-access-requests.ts';

afterEach(() => vi.unstubAllGlobals());

const ROLES = [
  { id: 5, name: 'Member', type: 'project', description: 'Flag work in every environment' },
  { id: 4, name: 'Owner', type: 'project', description: 'Everything in the project' },
  { id: 6, name: 'Reader', type: 'project', description: 'Sees the project' },
];
const REQUESTS: AccessRequest[] = [
  {
    id: 12,
    userId: 7,
    name: 'Maria Member',
    username: 'maria',
    email: 'maria@example.com',
    project: 'team',
    requestedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  },
];

type Call = { method: string; path: string; query: string; body: unknown };

/** The calls the panel makes; `requests` stands in for the list. */
function fakeServer(requests: () => Response = () => Response.json({ userAccessRequests: REQUESTS })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const { pathname, search } = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({
      method: request.method,
      path: pathname,
      query: search,
      body: text ? JSON.parse(text) : undefined,
    });
    if (pathname === '/api/admin/user') return Response.json({ user: { id: 1 }, permissions: [] });
    if (pathname === '/api/admin/projects/team/access')
      return Response.json({ users: [], groups: [], roles: ROLES });
    if (pathname === '/api/admin/user-access-requests' && request.method === 'GET') return requests();
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('the access requests of a project', () => {
  it("lists the project's open requests with who asked and when", async () => {
    const calls = fakeServer();
    renderUi(<AccessRequestPanel projectId="team" />);
    const row = (await screen.findByText('Maria Member')).closest('tr')!;
    expect(within(row).getByText('maria@example.com')).toBeTruthy();
    expect(within(row).getByText('2 hours ago')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/user-access-requests')!.query).toBe('?project=team');
  });

  it('approves with the chosen role, and rejects', async () => {
    const calls = fakeServer();
    renderUi(<AccessRequestPanel projectId="team" />);
    await screen.findByText('Maria Member');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role for Maria Member' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Maria Member' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/approve'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/approve'))).toMatchObject({
      method: 'POST',
      path: '/api/admin/user-access-requests/12/approve',
      body: { role: 4 },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reject Maria Member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/admin/user-access-requests/12');
  });

  it('says when nobody is asking, and when the list cannot be loaded', async () => {
    fakeServer(() => Response.json({ userAccessRequests: [] }));
    const { unmount } = renderUi(<AccessRequestPanel projectId="team" />);
    expect(await screen.findByText('Nobody is asking for access to this project.')).toBeTruthy();
    unmount();

    fakeServer(() =>
      Response.json(
        {
          id: 'e1',
          name: 'NoAccessError',
          message: 'You need the PROJECT_USER_ACCESS_READ permission',
          details: [],
        },
        { status: 403 },
      ),
    );
    renderUi(<AccessRequestPanel projectId="team" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load access requests');
    expect(alert.textContent).toContain('PROJECT_USER_ACCESS_READ');
  });
});

describe('asking for access to a project', () => {
  const answering = (response: () => Response) => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push({ path: new URL(request.url).pathname, body: await request.json() });
        return response();
      }),
    );
    return calls;
  };

  it('sends the request and says so', async () => {
    const calls = answering(() => Response.json({ ...REQUESTS[0] }, { status: 201 }));
    renderUi(<RequestAccessButton projectId="team" />);
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect((await screen.findByRole('status')).textContent).toBe('Request sent');
    expect(calls).toEqual([{ path: '/api/admin/user-access-requests', body: { project: 'team' } }]);
  });

  it('takes a request already waiting as no error', async () => {
    answering(() =>
      Response.json(
        { id: 'e2', name: 'ConflictError', message: 'You already asked', details: [] },
        { status: 409 },
      ),
    );
    renderUi(<RequestAccessButton projectId="team" />);
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your request is already pending');
  });
});
