import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceAccount } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import { CreateServiceAccountModal, usernameProblem } from './create-service-account-modal.tsx';
import { ServiceAccountTokensModal, expiryOf, inAYear } from './service-account-tokens-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const account: ServiceAccount = {
  id: 5,
  username: 'deploy-bot',
  name: 'Deploy pipeline',
  rootRole: 2,
  rootRoleName: 'Editor',
  isAPI: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  seenAt: null,
  tokens: [
    {
      id: 9,
      description: 'old pipeline',
      expiresAt: '2027-01-01T00:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
      seenAt: null,
    },
  ],
};

describe('service account rules', () => {
  it('accepts the usernames the server accepts', () => {
    expect(['deploy-bot', 'ci.main_2', 'x', 'has space', 'a/b'].map(usernameProblem)).toEqual([
      undefined,
      undefined,
      'At least 2 characters',
      'Letters, digits and . _ - only',
      'Letters, digits and . _ - only',
    ]);
  });

  it('turns the chosen day into an expiry at its end, and refuses past days', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    expect(inAYear(new Date(now))).toBe('2027-11-24');
    expect(expiryOf('2027-11-24', now)).toEqual({ expiresAt: '2027-11-24T23:59:59.000Z' });
    expect(expiryOf('2026-11-23', now)).toEqual({ problem: 'Pick a date in the future' });
    expect(expiryOf('', now)).toEqual({ problem: 'Pick a date' });
  });
});

describe('service account screens', () => {
  it('shows a taken username as the server says it, keeping the input', async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json(
        {
          name: 'NameExistsError',
          message: 'A user with that username or email already exists',
          details: [],
        },
        { status: 409 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderUi(<CreateServiceAccountModal onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Username/ }), 'has space');
    await userEvent.click(screen.getByRole('button', { name: 'Add service account' }));
    expect(screen.getByText('Letters, digits and . _ - only')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    const username = screen.getByRole('textbox', { name: /^Username/ }) as HTMLInputElement;
    await userEvent.clear(username);
    await userEvent.type(username, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Add service account' }));
    expect(await screen.findByText('A user with that username or email already exists')).toBeTruthy();
    expect(await fetch.mock.calls[0]![0].json()).toEqual({ username: 'admin', rootRole: 2 });
    expect(username.value).toBe('admin');
  });

  it('creates a token and shows its secret once', async () => {
    const fetch = vi.fn(async (request: Request) => {
      const body = await request.clone().json();
      return Response.json(
        { id: 10, ...body, secret: 'user:abc123', createdAt: '2026-11-24T10:00:00.000Z', seenAt: null },
        { status: 201 },
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderUi(<ServiceAccountTokensModal account={account} onClose={vi.fn()} />);
    expect(screen.getByRole('cell', { name: 'old pipeline' })).toBeTruthy();
    expect(screen.queryByTestId('token-secret')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Say what uses the token')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'release pipeline');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('token-secret')).textContent).toBe('user:abc123');
    const request = fetch.mock.calls[0]![0];
    expect([request.method, new URL(request.url).pathname]).toEqual([
      'POST',
      '/api/admin/service-account/5/token',
    ]);
    const sent = await request.json();
    expect(sent.description).toBe('release pipeline');
    expect(sent.expiresAt).toBe(`${inAYear()}T23:59:59.000Z`);
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('');
  });
});
