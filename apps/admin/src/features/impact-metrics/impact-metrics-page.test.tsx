import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ImpactMetricsPage } from './impact-metrics-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const metadata = {
  series: {
    unleash_counter_checkout_errors: {
      type: 'counter',
      help: 'Failed checkouts',
      displayName: 'checkout_errors',
    },
  },
  warnings: [],
  maxSeriesPerApp: 1000,
};
const answer = {
  start: '2026-01-15T09:00:00.000Z',
  end: '2026-01-15T10:00:00.000Z',
  step: '1m',
  series: [],
  labels: {},
  debug: { isTruncated: 'false' },
};
const saved = {
  id: '01JEXAMPLE0000000000000031',
  title: 'Checkout errors',
  metricName: 'unleash_counter_checkout_errors',
  displayName: 'checkout_errors',
  timeRange: 'day',
  aggregationMode: 'rps',
  yAxisMin: 'auto',
  labelSelectors: {},
};

describe('the impact metrics page', () => {
  it('saves the query shown as a chart, and lists the saved charts', async () => {
    const server = fakeServer({
      'GET /api/admin/impact-metrics/metadata': metadata,
      'GET /api/admin/impact-metrics': answer,
      'GET /api/admin/impact-metrics/config': { configs: [saved] },
      'POST /api/admin/impact-metrics/config': { ...saved, id: 'new' },
    });
    renderUi(<ImpactMetricsPage />);
    expect(await screen.findByText(/Checkout errors · Rate/, {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Save chart' }));
    await waitFor(() => expect(server.sent('POST /api/admin/impact-metrics/config')).toHaveLength(1));
    expect(await server.sent('POST /api/admin/impact-metrics/config')[0]!.json()).toEqual({
      metricName: 'unleash_counter_checkout_errors',
      timeRange: 'hour',
      aggregationMode: 'count',
      labelSelectors: {},
    });
    // Showing a saved chart asks for its query.
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(
        server
          .sent('GET /api/admin/impact-metrics')
          .some((r) => new URL(r.url).searchParams.get('range') === 'day'),
      ).toBe(true),
    );
  });
});
