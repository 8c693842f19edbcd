import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { LoginHistoryPage } from './login-history-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 1, username: 'admin', rootRole: 1 }, permissions: [{ permission: 'ADMIN' }] };
const viewer = { user: { id: 2, username: 'vera', rootRole: 3 }, permissions: [{ permission: 'READ' }] };
const events = [
  {
    id: 2,
    username: 'lena',
    auth_type: 'simple',
    created_at: '2026-11-26T09:31:00.000Z',
    successful: false,
    ip: '198.51.100.4',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
    failure_reason: 'Wrong password',
  },
  {
    id: 1,
    username: 'ada@example.com',
    auth_type: 'oidc',
    created_at: '2026-11-26T09:30:00.000Z',
    successful: true,
    ip: '203.0.113.9',
    user_agent: null,
    failure_reason: null,
  },
];

describe('the login history page', () => {
  it('lists attempts with their outcome and filters them on the server', async () => {
    const server = fakeServer({
      'GET /api/admin/user': admin,
      'GET /api/admin/logins': (request: Request) => {
        const successful = new URL(request.url).searchParams.get('successful');
        return { events: successful === 'false' ? events.slice(0, 1) : events };
      },
    });
    renderUi(<LoginHistoryPage />);
    const refused = await screen.findByRole('row', { name: /lena/ });
    expect(within(refused).getByText('Refused')).toBeTruthy();
    expect(within(refused).getByText(/Wrong password/)).toBeTruthy();
    expect(within(refused).getByText('Password')).toBeTruthy();
    expect(within(refused).getByText('Firefox 132 on Linux')).toBeTruthy();
    const sso = screen.getByRole('row', { name: /ada@example\.com/ });
    expect(within(sso).getByText('Single sign-on')).toBeTruthy();
    expect(within(sso).getByText('Signed in')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Refused' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /ada@example\.com/ })).toBeNull());
    const last = server.sent('GET /api/admin/logins').at(-1)!;
    expect(new URL(last.url).searchParams.get('successful')).toBe('false');
  });

  it('keeps the history from non-admins', async () => {
    fakeServer({ 'GET /api/admin/user': viewer });
    renderUi(<LoginHistoryPage />);
    expect(await screen.findByText('Only administrators can see the login history.')).toBeTruthy();
  });
});
