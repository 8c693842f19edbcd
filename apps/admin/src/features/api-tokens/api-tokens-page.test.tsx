import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ApiTokensPage } from './api-tokens-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'default:development.be7f1a4e6b1c47bd9a3d2f4c8e6a1b0c9d8e7f6a5b4c3d2e1f0a9b8c';
const token = (secret: string) => ({
  secret,
  tokenName: 'checkout-service',
  type: 'client',
  projects: ['default'],
  environment: 'development',
  expiresAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('API tokens', () => {
  it('lists the first and last characters of each secret, and shows the whole secret of a token just created', async () => {
    fakeServer({
      'GET /api/admin/user': { user: { id: 1 }, permissions: [{ permission: 'ADMIN' }] },
      // As the server lists them: the real start and end, and (for a short or an older secret) the start, `…#` and
      // a fingerprint of the hash.
      'GET /api/admin/api-tokens': {
        tokens: [token('default:development.be7f1a…9b8c'), token('default:development.c0ffee…#0c4d9e21')],
      },
      'GET /api/admin/environments': { environments: [{ name: 'development', sortOrder: 1 }] },
      'GET /api/admin/projects': { projects: [{ id: 'default', name: 'Default' }] },
      'POST /api/admin/api-tokens': token(SECRET),
    });
    renderUi(<ApiTokensPage />);

    const ending = await screen.findByTitle(/^The first and last characters of the secret/);
    expect(ending.textContent).toBe('default:development.be7f1a…9b8c');
    const start = screen.getByTitle(/^The start of the secret/);
    expect(start.textContent).toBe('default:development.c0ffee…');

    await userEvent.click(screen.getByRole('button', { name: 'New API token' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'checkout-service');
    await userEvent.click(within(dialog).getByRole('button', { name: /Create/ }));
    expect((await screen.findByTestId('token-secret')).textContent).toBe(SECRET);
    // A server SDK token of one project leads on to connecting an app with it.
    expect(screen.getByRole('button', { name: 'Connect your app with it' })).toBeTruthy();
  });
});
