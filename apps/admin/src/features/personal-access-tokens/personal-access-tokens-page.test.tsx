import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { PersonalAccessTokensPage } from './personal-access-tokens-page.tsx';
import type { PatResponse } from './use-personal-access-tokens.ts';

afterEach(() => vi.unstubAllGlobals());

const me = {
  user: { id: 1, username: 'admin', email: null, name: null, rootRole: 1, rootRoleName: 'Admin' },
  permissions: [{ permission: 'ADMIN' }],
};
const token = (id: number, description: string, expiresAt: string): PatResponse => ({
  id,
  description,
  expiresAt,
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: null,
});

/** The three calls the screen makes, over tokens held in memory; `tokens` may hold an answer back. */
function fakeServer(pats: PatResponse[], tokens?: () => Promise<Response>) {
  const fetch = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/admin/user') return Response.json(me);
    if (pathname === '/api/admin/user/tokens' && request.method === 'GET')
      return tokens ? tokens() : Response.json({ pats });
    const id = Number(/^\/api\/admin\/user\/tokens\/(\d+)$/.exec(pathname)?.[1]);
    if (request.method === 'DELETE' && pats.some((pat) => pat.id === id)) {
      pats.splice(
        pats.findIndex((pat) => pat.id === id),
        1,
      );
      return new Response(null, { status: 200 });
    }
    return Response.json({ id: 'x', name: 'NotFoundError', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('personal access tokens screen', () => {
  it('says it is loading, then lists the tokens, marking expired ones', async () => {
    let answer!: (response: Response) => void;
    fakeServer([], () => new Promise((resolve) => (answer = resolve)));
    renderUi(<PersonalAccessTokensPage />);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Loading personal access tokens…',
    );
    answer(
      Response.json({
        pats: [
          token(1, 'release pipeline', '2099-01-01T00:00:00.000Z'),
          token(2, 'old laptop', '2020-01-01T00:00:00.000Z'),
        ],
      }),
    );
    const release = (await screen.findByRole('cell', { name: 'release pipeline' })).closest('tr')!;
    expect(within(release).queryByText('Expired')).toBeNull();
    expect(within(release).getByText('never')).toBeTruthy();
    const old = screen.getByRole('cell', { name: 'old laptop' }).closest('tr')!;
    expect(within(old).getByText('Expired')).toBeTruthy();
    expect(await screen.findByText(/with your Admin role/)).toBeTruthy();
  });

  it('warns of tokens that expire within a week, with the days left, above the list', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    fakeServer([
      token(1, 'ci runner', inDays(3)),
      token(2, 'old laptop', '2020-01-01T00:00:00.000Z'),
      token(3, 'next quarter', inDays(60)),
    ]);
    renderUi(<PersonalAccessTokensPage />);
    const ci = (await screen.findByRole('cell', { name: 'ci runner' })).closest('tr')!;
    expect(within(ci).getByText('Expires in 3 days')).toBeTruthy();
    const later = screen.getByRole('cell', { name: 'next quarter' }).closest('tr')!;
    expect(within(later).queryByText(/Expire/)).toBeNull();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Tokens need rotating')).toBeTruthy();
    expect(alert.textContent).toContain('1 token expired, 1 token expires within 7 days.');
  });

  it("shows the server's error message when the list cannot be loaded", async () => {
    fakeServer([], async () =>
      Response.json({ id: 'e3', name: 'InternalError', message: 'The database is away' }, { status: 500 }),
    );
    renderUi(<PersonalAccessTokensPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load personal access tokens')).toBeTruthy();
    expect(within(alert).getByText('The database is away')).toBeTruthy();
  });

  it('deletes a token only after confirmation', async () => {
    const fetch = fakeServer([token(7, 'release pipeline', '2099-01-01T00:00:00.000Z')]);
    renderUi(<PersonalAccessTokensPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete release pipeline' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “release pipeline”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([request]) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete release pipeline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete token' }));
    expect(await screen.findByText('You have no personal access tokens yet.')).toBeTruthy();
    const deleted = fetch.mock.calls.map(([request]) => request).find((r) => r.method === 'DELETE')!;
    expect(new URL(deleted.url).pathname).toBe('/api/admin/user/tokens/7');
  });
});
