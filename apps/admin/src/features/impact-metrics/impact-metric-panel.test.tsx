import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ImpactMetricPanel } from './impact-metric-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const metadata = {
  series: {
    unleash_counter_checkout_errors: {
      type: 'counter',
      help: 'Failed checkouts',
      displayName: 'checkout_errors',
    },
    unleash_histogram_latency_seconds: { type: 'histogram', help: 'Latency', displayName: 'latency_seconds' },
  },
  warnings: [],
  maxSeriesPerApp: 1000,
};
const answer = {
  start: '2026-01-15T09:00:00.000Z',
  end: '2026-01-15T10:00:00.000Z',
  step: '1m',
  series: [
    { metric: { appName: 'web', environment: 'production', checkout: 'enabled' }, data: [[1768467600, '3']] },
  ],
  labels: { environment: ['production'] },
  debug: { isTruncated: 'false' },
};

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('the impact metric panel', () => {
  it("asks for the first metric's default reading, only the flag's series, and sums the chart up", async () => {
    const server = fakeServer({
      'GET /api/admin/impact-metrics/metadata': metadata,
      'GET /api/admin/impact-metrics': answer,
    });
    renderUi(<ImpactMetricPanel flagName="checkout" threshold={{ value: 5 }} />);
    const chart = await screen.findByTestId('impact-metric-chart', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(chart.textContent).toContain(
        'checkout_errors · Count per step: 1 series, highest 3 per 1m, latest appName=web, environment=production, checkout=enabled 3 per 1m; threshold 5 per 1m',
      ),
    );
    expect(queryOf(server.sent('GET /api/admin/impact-metrics')[0]!)).toEqual({
      metricName: 'unleash_counter_checkout_errors',
      range: 'hour',
      aggregationMode: 'count',
      labels: JSON.stringify({ checkout: ['enabled', 'disabled'] }),
    });
    expect(screen.getByText('Failed checkouts')).toBeTruthy();
    // A threshold from a safeguard leaves no line of one's own to draw.
    expect(screen.queryByRole('textbox', { name: 'Threshold line' })).toBeNull();
  });

  it("offers a histogram's readings, and the environments the metric was seen in", async () => {
    const server = fakeServer({
      'GET /api/admin/impact-metrics/metadata': metadata,
      'GET /api/admin/impact-metrics': answer,
    });
    renderUi(<ImpactMetricPanel initialMetric="latency_seconds" />);
    await screen.findByTestId('impact-metric-chart', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(queryOf(server.sent('GET /api/admin/impact-metrics')[0]!)).toMatchObject({
        metricName: 'unleash_histogram_latency_seconds',
        aggregationMode: 'p95',
      }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'production' }));
    await waitFor(() =>
      expect(queryOf(server.sent('GET /api/admin/impact-metrics').at(-1)!).labels).toBe(
        JSON.stringify({ environment: ['production'] }),
      ),
    );
  });

  it('says when no SDK has sent any, and when the server refuses', async () => {
    fakeServer({
      'GET /api/admin/impact-metrics/metadata': { series: {}, warnings: [], maxSeriesPerApp: 1000 },
    });
    const { unmount } = renderUi(<ImpactMetricPanel />);
    expect(await screen.findByText(/No impact metrics yet/)).toBeTruthy();
    unmount();
    fakeServer({
      'GET /api/admin/impact-metrics/metadata': Response.json(
        { name: 'NoAccessError', message: 'no' },
        { status: 403 },
      ),
    });
    renderUi(<ImpactMetricPanel />);
    expect(await screen.findByText('Could not load impact metrics')).toBeTruthy();
  });
});
