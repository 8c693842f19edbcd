import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { CompareInstants } from './compare-instants.tsx';

afterEach(() => vi.unstubAllGlobals());

const FROM = '2026-12-02T14:00:00.000Z';
const TO = '2026-12-02T15:00:00.000Z';
const moment = (at: string) => ({ at, recordedAt: at, recordingId: 1 });
const checkout = (rollout: string) => ({
  name: 'checkout',
  project: 'default',
  enabled: true,
  strategies: [{ name: 'flexibleRollout', parameters: { rollout } }],
  variants: [],
});

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/admin/history/compare')
        return Response.json({
          environment: 'production',
          from: moment(FROM),
          to: moment(TO),
          flags: [{ name: 'checkout', project: 'default', change: 'changed', parts: ['strategies'] }],
          contexts: [{ context: { userId: 'u-1' }, gained: [], lost: ['checkout'], variants: [] }],
          contextsCompared: 200,
        });
      if (url.pathname === '/api/admin/history/state') {
        const at = url.searchParams.get('at')!;
        asked.push(at);
        return Response.json({
          environment: 'production',
          moment: moment(at),
          features: [checkout(at === FROM ? '100' : '10')],
          segments: [],
          contextFields: [],
        });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return asked;
}

describe('comparing two instants', () => {
  it('lists the changed flags and shows a flag’s changed parts before and after', async () => {
    const asked = serve();
    renderUi(<CompareInstants environments={['production']} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-02T15:00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(await screen.findByText('+0 / −1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show diff' }));
    const before = await screen.findByLabelText('strategies before');
    const after = screen.getByLabelText('strategies after');
    expect(before.textContent).toContain('"rollout": "100"');
    expect(after.textContent).toContain('"rollout": "10"');
    await waitFor(() => expect(asked.sort()).toEqual([FROM, TO]));
    fireEvent.click(screen.getByRole('button', { name: 'Hide diff' }));
    expect(screen.queryByLabelText('strategies before')).toBeNull();
  });
});
