import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { FlagTimeline } from './flag-timeline.tsx';

afterEach(() => vi.unstubAllGlobals());

const change = {
  recordingId: 12,
  at: '2026-12-02T14:30:00.000Z',
  change: 'changed',
  parts: ['strategies'],
  createdBy: ['alice'],
  changeRequestId: 7,
  events: [],
  shareBefore: { enabled: 1, variants: {} },
  shareAfter: { enabled: 0.1, variants: { blue: 0.1 } },
};

function serve() {
  const restores: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/history/restore')) {
        restores.push(await request.json());
        return Response.json({ outcome: 'change-request', changeRequestId: 9, changes: [] });
      }
      if (pathname.endsWith('/environments/production/history'))
        return Response.json({ changes: [change], more: false });
      return new Response(null, { status: 404 });
    }),
  );
  return restores;
}

describe("a flag's timeline", () => {
  it('shows each change with who, the change request and the share of users, and restores after confirming', async () => {
    const restores = serve();
    renderUi(<FlagTimeline projectId="shop" flagName="checkout" environments={['production']} canRestore />);
    const table = await screen.findByRole('table', { name: 'Timeline of checkout in production' });
    expect(within(table).getByText('alice')).toBeTruthy();
    expect(within(table).getByText('change request #7')).toBeTruthy();
    expect(within(table).getByText('100% → 10%')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore checkout in production?' });
    expect(restores).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restores).toEqual([{ at: change.at }]));
    expect(await screen.findByText(/added to your draft change request #\s*9/)).toBeTruthy();
  });

  it('offers no restore to a caller who may not change the flag', async () => {
    serve();
    renderUi(
      <FlagTimeline projectId="shop" flagName="checkout" environments={['production']} canRestore={false} />,
    );
    const table = await screen.findByRole('table', { name: 'Timeline of checkout in production' });
    expect(within(table).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
