import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { LatestEventsPage } from './latest-events-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const event = (id: number, type: string, featureName: string, project: string) => ({
  id,
  type,
  featureName,
  project,
  createdAt: '2026-11-26T10:00:00.000Z',
  createdBy: 'ada',
  data: null,
  preData: null,
});

describe('latest events', () => {
  it('narrows by project on the server, by flag through its own history, and by type here', async () => {
    const server = fakeServer({
      'GET /api/admin/projects': { projects: [{ id: 'web', name: 'Web shop' }] },
      'GET /api/admin/events': (request: Request) =>
        new URL(request.url).searchParams.get('project') === 'web'
          ? { version: 1, totalEvents: 1, events: [event(2, 'feature-updated', 'basket', 'web')] }
          : {
              version: 1,
              totalEvents: 2,
              events: [
                event(1, 'feature-created', 'checkout', 'default'),
                event(2, 'feature-updated', 'basket', 'web'),
              ],
            },
      'GET /api/admin/events/checkout': {
        version: 1,
        toggleName: 'checkout',
        totalEvents: 2,
        events: [
          event(3, 'feature-stale-on', 'checkout', 'default'),
          event(1, 'feature-created', 'checkout', 'default'),
        ],
      },
    });
    renderUi(
      <MemoryRouter>
        <LatestEventsPage />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Showing 2 of 2 events')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Web shop' }));
    expect(await screen.findByText('Showing 1 of 1 events')).toBeTruthy();
    expect(new URL(server.sent('GET /api/admin/events').at(-1)!.url).search).toBe('?project=web');

    await userEvent.type(screen.getByRole('textbox', { name: 'Flag' }), 'checkout');
    expect(await screen.findByText('Showing 2 of 2 events of checkout')).toBeTruthy();
    expect(server.sent('GET /api/admin/events/checkout')).toHaveLength(1);
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'feature-stale-on' }));
    expect(await screen.findByText('Showing 1 of 2 events of checkout')).toBeTruthy();
  });
});
