import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InviteLink } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import { InviteLinkPanel } from './invite-link-panel.tsx';
import { SignUpPage, signUpProblems } from './sign-up-page.tsx';
import { currentLink } from './use-invite-links.ts';

afterEach(() => vi.unstubAllGlobals());

const link = (secret: string, enabled: boolean, expiresAt: string, createdAt: string): InviteLink => ({
  secret,
  url: `/new-user?invite=${secret}`,
  name: secret,
  enabled,
  expiresAt,
  createdAt,
  createdBy: 'admin',
  users: [],
  role: { id: 3, name: 'Viewer', type: 'root', description: 'Read only' },
});

describe('invite links', () => {
  it('picks the newest link that is on and not expired', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    const links = [
      link('old', true, '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
      link('newest', true, '2026-12-01T00:00:00.000Z', '2026-11-20T00:00:00.000Z'),
      link('off', false, '2026-12-01T00:00:00.000Z', '2026-11-23T00:00:00.000Z'),
      link('expired', true, '2026-11-24T11:00:00.000Z', '2026-11-23T00:00:00.000Z'),
    ];
    expect(currentLink(links, now)?.secret).toBe('newest');
    expect(currentLink([links[2]!, links[3]!], now)).toBeUndefined();
  });

  it('asks for a name, an email and a password of 8 characters', () => {
    expect(signUpProblems({ name: ' ', email: 'nope', password: 'short' })).toEqual({
      name: 'Your name is required',
      email: 'An email address such as you@example.com',
      password: 'At least 8 characters',
    });
    expect(signUpProblems({ name: 'Vera', email: 'vera@example.com', password: 'long enough' })).toEqual({});
  });

  it('says plainly when the link cannot be used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ name: 'BadDataError', message: 'cannot be used' }, { status: 400 })),
    );
    renderUi(<SignUpPage secret="stale" onDone={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('This invite link cannot be used');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('creates the account and moves on, or shows what the server refused', async () => {
    let taken = true;
    const fetch = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/invite/abc/validate') return new Response(null, { status: 200 });
      if (path === '/invite/abc/signup' && taken)
        return Response.json(
          {
            name: 'NameExistsError',
            message: 'A user with that username or email already exists',
            details: [],
          },
          { status: 409 },
        );
      if (path === '/invite/abc/signup')
        return Response.json({ id: 9, email: 'vera@example.com' }, { status: 201 });
      return Response.json({ name: 'AuthenticationRequired', message: 'sign in' }, { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderUi(<SignUpPage secret="abc" onDone={onDone} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Vera');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'vera@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'vera-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('A user with that username or email already exists')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const signup = fetch.mock.calls.map(([request]) => request).find((r) => r.url.endsWith('/signup'))!;
    expect(await signup.json()).toEqual({
      name: 'Vera',
      email: 'vera@example.com',
      password: 'vera-password-1',
    });
  });

  it('shows the link to share once, right after creating it, since the server keeps only its hash', async () => {
    const created = {
      ...link('f00d', true, '2099-01-01T00:00:00.000Z', '2026-11-24T12:00:00.000Z'),
      secret: 'f00d1234',
      url: 'https://flags.example.com/new-user?invite=f00d1234',
    };
    const listed = { ...created, secret: 'f00d12…9a8b7c6d', url: undefined };
    let links: InviteLink[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'POST') {
          links = [listed];
          return Response.json(created, { status: 201 });
        }
        return Response.json({ tokens: links });
      }),
    );
    const first = renderUi(<InviteLinkPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create invite link' }));
    expect((await screen.findByTestId('invite-link-url')).textContent).toBe(created.url);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    first.unmount();

    renderUi(<InviteLinkPanel />);
    expect((await screen.findByTestId('invite-link-hidden')).textContent).toContain('shown once');
    expect(screen.queryByTestId('invite-link-url')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });
});
