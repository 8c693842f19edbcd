import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { InactiveUsersPanel } from './inactive-users-panel.tsx';
import { SessionTable } from './user-sessions-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const session = (id: string, username: string, current = false) => ({
  id,
  userId: id.length,
  username,
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  createdAt: '2026-11-20T10:00:00.000Z',
  seenAt: '2026-11-26T10:00:00.000Z',
  current,
});

describe('administering sessions and inactive users', () => {
  it('lists every session and signs out another one, but not this browser', async () => {
    let sessions = [session('a', 'ada', true), session('bb', 'bob')];
    const server = fakeServer({
      'GET /api/admin/user-sessions': () => ({ sessions }),
      'DELETE /api/admin/user-sessions/bb': () => {
        sessions = sessions.filter((s) => s.id !== 'bb');
        return new Response(null, { status: 200 });
      },
    });
    renderUi(<SessionTable />);

    expect(await screen.findByText('bob')).toBeTruthy();
    expect(screen.getByText('This browser')).toBeTruthy();
    expect(screen.getAllByText('Firefox 132 on Linux')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Sign out ada' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out bob' }));

    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(server.sent('DELETE /api/admin/user-sessions/bb')).toHaveLength(1);
  });

  it('deletes all inactive users at once after asking', async () => {
    const server = fakeServer({
      'GET /api/admin/user-admin/inactive': {
        version: 1,
        inactiveUsers: [
          { id: 3, name: 'Old Olga', createdAt: '2025-01-01T00:00:00.000Z', seenAt: null },
          { id: 4, username: 'gone-gus', createdAt: '2025-01-01T00:00:00.000Z', seenAt: null },
        ],
      },
      'POST /api/admin/user-admin/inactive/delete': () => new Response(null, { status: 200 }),
    });
    renderUi(<InactiveUsersPanel />);

    expect(await screen.findByText('2 inactive users')).toBeTruthy();
    expect(screen.getByText('gone-gus')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete inactive users' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete them' }));

    await waitFor(() => expect(server.sent('POST /api/admin/user-admin/inactive/delete')).toHaveLength(1));
    expect(await server.sent('POST /api/admin/user-admin/inactive/delete')[0]!.json()).toEqual({
      ids: [3, 4],
    });
  });
});
