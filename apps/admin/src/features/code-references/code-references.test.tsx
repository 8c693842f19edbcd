import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { CodeReferencesPanel } from './code-references-panel.tsx';
import { SafeToArchivePanel } from './safe-to-archive-panel.tsx';

const reference = {
  repository: 'acme/shop',
  branch: 'main',
  repositoryUrl: 'https://github.com/acme/shop',
  commit: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  file: 'src/checkout.ts',
  line: 12,
  column: 25,
  method: 'isEnabled',
  url: 'https://github.com/acme/shop/blob/9fceb02d0ae598e95dc970b74767f19372d61af8/src/checkout.ts#L12',
  scannedAt: '2026-12-01T10:00:00.000Z',
};

describe('CodeReferencesPanel', () => {
  it('lists where the flag is used, by repository and branch, each line linked into the repository', async () => {
    fakeServer({
      'GET /api/admin/projects/web/features/checkout/code-references': {
        references: [
          reference,
          {
            ...reference,
            branch: 'next',
            repositoryUrl: null,
            commit: null,
            url: null,
            file: 'app/pay.go',
            line: 3,
            column: null,
            method: null,
          },
        ],
      },
    });
    renderUi(<CodeReferencesPanel projectId="web" flagName="checkout" />);
    const main = await screen.findByRole('table', { name: 'References in acme/shop on main' });
    expect(within(main).getByRole('link', { name: 'src/checkout.ts:12:25' }).getAttribute('href')).toBe(
      reference.url,
    );
    expect(within(main).getByText('isEnabled')).toBeTruthy();
    expect(screen.getByText('9fceb02')).toBeTruthy();
    const next = screen.getByRole('table', { name: 'References in acme/shop on next' });
    expect(within(next).getByText('app/pay.go:3')).toBeTruthy();
    expect(within(next).queryByRole('link')).toBeNull();
  });

  it('says how to upload references when there are none', async () => {
    fakeServer({ 'GET /api/admin/projects/web/features/checkout/code-references': { references: [] } });
    renderUi(<CodeReferencesPanel projectId="web" flagName="checkout" />);
    expect(await screen.findByText(/No code names this flag/)).toBeTruthy();
  });
});

describe('SafeToArchivePanel', () => {
  it('lists the flags safe to archive and asks again for another number of days', async () => {
    const server = fakeServer({
      'GET /api/admin/projects/web/safe-to-archive': (request: Request) => {
        const days = Number(new URL(request.url).searchParams.get('unusedDays'));
        return {
          unusedDays: days,
          features:
            days === 30
              ? [
                  {
                    name: 'old-banner',
                    type: 'release',
                    createdAt: '2026-01-01T00:00:00.000Z',
                    lastSeenAt: null,
                    reason: 'potentially-stale',
                  },
                ]
              : [],
        };
      },
    });
    renderUi(
      <MemoryRouter>
        <SafeToArchivePanel projectId="web" />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Flags safe to archive' });
    expect(within(table).getByRole('link', { name: 'old-banner' }).getAttribute('href')).toBe(
      '/projects/web/flags/old-banner',
    );
    expect(within(table).getByText('potentially stale')).toBeTruthy();
    expect(within(table).getByText('never')).toBeTruthy();

    const input = screen.getByRole('textbox', { name: 'Unused for days' });
    await userEvent.clear(input);
    await userEvent.type(input, '90');
    expect(await screen.findByText('No flag is safe to archive.')).toBeTruthy();
    expect(
      server.sent('GET /api/admin/projects/web/safe-to-archive').some((r) => r.url.includes('unusedDays=90')),
    ).toBe(true);
  });
});
