import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { liftRows, type ExperimentResultsData } from './experiment-result-series.ts';
import { ExperimentResults } from './experiment-results.tsx';

afterEach(() => vi.unstubAllGlobals());

const place = { projectId: 'default', featureName: 'checkout', environment: 'production' };
const URL = 'GET /api/admin/projects/default/features/checkout/environments/production/experiments/1/results';

const interval = (low: number, high: number) => ({ low, high });
const results = (overrides: Partial<ExperimentResultsData> = {}): ExperimentResultsData => ({
  experiment: {
    id: 1,
    featureName: 'checkout',
    environment: 'production',
    name: 'Green checkout button',
    hypothesis: 'A green button makes more visitors buy.',
    controlVariant: 'blue',
    metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary', direction: 'increase' }],
    status: 'running',
    startedAt: '2026-12-01T09:00:00.000Z',
    stoppedAt: null,
    createdBy: 'admin',
    createdAt: '2026-12-01T08:55:00.000Z',
  },
  variants: [
    { variant: 'blue', users: 5000, expectedShare: 0.5, share: 0.5 },
    { variant: 'green', users: 5000, expectedShare: 0.5, share: 0.5 },
  ],
  sampleRatio: { statistic: 0, pValue: 1, mismatch: false },
  metrics: [
    {
      event: 'purchase',
      kind: 'conversion',
      role: 'primary',
      direction: 'increase',
      cuped: { applied: false },
      variants: [
        { variant: 'blue', users: 5000, isControl: true, estimate: 0.2, interval: interval(0.19, 0.21) },
        {
          variant: 'green',
          users: 5000,
          isControl: false,
          estimate: 0.25,
          interval: interval(0.24, 0.26),
          lift: { lift: 0.25, interval: interval(0.18, 0.32) },
          chanceToBeatControl: 0.9999,
          expectedLoss: 0,
          sequential: { pValue: 0.0001, interval: interval(0.03, 0.07) },
        },
      ],
    },
  ],
  verdict: {
    verdict: 'winner',
    variant: 'green',
    summary: 'green beats blue on "purchase".',
    caveats: ['Only conversions after a user’s first exposure count.'],
  },
  daily: [
    {
      day: '2026-12-01',
      variants: [
        { variant: 'blue', users: 2000, converters: 0, rate: 0, interval: interval(0, 0.002) },
        { variant: 'green', users: 2000, converters: 500, rate: 0.25, interval: interval(0.23, 0.27) },
      ],
    },
    {
      day: '2026-12-02',
      variants: [
        { variant: 'blue', users: 5000, converters: 1000, rate: 0.2, interval: interval(0.19, 0.21) },
        {
          variant: 'green',
          users: 5000,
          converters: 1250,
          rate: 0.25,
          interval: interval(0.24, 0.26),
          lift: { lift: 0.25, interval: interval(0.18, 0.32) },
        },
      ],
    },
  ],
  ...overrides,
});

describe('the experiment results', () => {
  it('shows the verdict, the intervals against control and the cumulative lift by day', async () => {
    fakeServer({ [URL]: results() });
    renderUi(<ExperimentResults place={place} experimentId={1} />);
    const verdict = await screen.findByRole('status', { name: 'Verdict' }, { timeout: 10_000 });
    expect(verdict.textContent).toBe('Winner: green. green beats blue on "purchase".');

    const plot = screen.getByTestId('interval-plot');
    expect(
      within(plot)
        .getAllByRole('img')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual([
      'blue (control): 20.00%, 95% interval 19.00% to 21.00%',
      'green: 25.00%, 95% interval 24.00% to 26.00%; lift +25.0%',
    ]);

    const chart = screen.getByTestId('lift-chart');
    expect(chart.textContent).toContain(
      'Cumulative lift over blue on "purchase", 2 days from 2026-12-01 to 2026-12-02: green +25.0% (18.0% to 32.0%).',
    );
    // What the chart draws: no lift while control has no conversions, then the lift with its band, in percent.
    expect(liftRows(results().daily, 'blue')).toEqual([
      { day: '2026-12-01', green: null, 'green interval': null },
      { day: '2026-12-02', green: 25, 'green interval': [18, 32] },
    ]);

    expect(screen.getByRole('progressbar', { name: 'green: 50.0% of users, 50.0% expected' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Results for purchase' })).toBeTruthy();
  });

  it('draws the cumulative lift of a mean primary metric too', async () => {
    const revenue = { event: 'revenue', kind: 'mean', role: 'primary', direction: 'increase' } as const;
    const base = results();
    fakeServer({
      [URL]: results({
        experiment: { ...base.experiment, metrics: [revenue] },
        metrics: [{ ...base.metrics[0]!, ...revenue }],
        daily: [
          {
            day: '2026-12-01',
            variants: [
              { variant: 'blue', users: 2000, mean: 4, interval: interval(3.5, 4.5) },
              {
                variant: 'green',
                users: 2000,
                mean: 5,
                interval: interval(4.4, 5.6),
                lift: { lift: 0.25, interval: interval(0.05, 0.45) },
              },
            ],
          },
        ],
      }),
    });
    renderUi(<ExperimentResults place={place} experimentId={1} />);
    const chart = await screen.findByTestId('lift-chart', {}, { timeout: 10_000 });
    expect(chart.textContent).toContain(
      'Cumulative lift over blue on "revenue", 1 day from 2026-12-01 to 2026-12-01: green +25.0% (5.0% to 45.0%).',
    );
    expect(screen.getByTestId('interval-plot').textContent).toContain('revenue: mean per user');
  });

  it('reads an impact metric as increments per exposed user, with its exact p-value', async () => {
    const checkouts = { event: 'checkouts', kind: 'impact', role: 'primary', direction: 'increase' } as const;
    const base = results();
    fakeServer({
      [URL]: results({
        experiment: { ...base.experiment, metrics: [checkouts] },
        metrics: [
          {
            ...checkouts,
            cuped: { applied: false },
            variants: [
              { variant: 'blue', users: 5000, isControl: true, estimate: 1, interval: interval(0.97, 1.03) },
              {
                variant: 'green',
                users: 5000,
                isControl: false,
                estimate: 1.5,
                interval: interval(1.47, 1.53),
                lift: { lift: 0.5, interval: interval(0.44, 0.56) },
                chanceToBeatControl: 0.9999,
                pValue: 0.0000123,
                sequential: { pValue: 0.0001, interval: interval(0.4, 0.6) },
              },
            ],
          },
        ],
        daily: [],
      }),
    });
    renderUi(<ExperimentResults place={place} experimentId={1} />);
    const table = await screen.findByRole('table', { name: 'Results for checkouts' }, { timeout: 10_000 });
    expect(within(table).getByText('Exact p (fixed horizon)')).toBeTruthy();
    expect(within(table).getByText('0.000012')).toBeTruthy();
    expect(within(table).getByText('1.500 (1.470 to 1.530)')).toBeTruthy();
    expect(screen.getByTestId('interval-plot').textContent).toContain(
      'checkouts: impact metric, increments per exposed user',
    );
    expect(
      screen.getByText('An impact metric has no daily series: its lift is over the whole run.'),
    ).toBeTruthy();
  });

  it('warns of a broken split and of too few users', async () => {
    fakeServer({
      [URL]: results({
        variants: [
          { variant: 'blue', users: 40, expectedShare: 0.5, share: 0.4 },
          { variant: 'green', users: 60, expectedShare: 0.5, share: 0.6 },
        ],
        sampleRatio: { statistic: 4, pValue: 0.0461, mismatch: true },
        verdict: { verdict: 'collecting', summary: 'Every variant needs more users.', caveats: [] },
        daily: [],
      }),
    });
    renderUi(<ExperimentResults place={place} experimentId={1} />);
    const verdict = await screen.findByRole('status', { name: 'Verdict' }, { timeout: 10_000 });
    expect(verdict.textContent).toContain('Collecting data. Every variant needs more users.');
    expect(verdict.textContent).toContain('Sample-ratio mismatch (p = 0.046)');
    expect(verdict.textContent).toContain('Too few users: blue has 40');
    expect(screen.getByText('The daily lift appears once the experiment has started.')).toBeTruthy();
  });

  it('says it is loading, then that the results cannot be read', async () => {
    fakeServer({
      [URL]: () => Response.json({ name: 'InternalError', message: 'database down' }, { status: 500 }),
    });
    renderUi(<ExperimentResults place={place} experimentId={1} />);
    expect(screen.getByRole('status').textContent).toContain('Loading results');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Could not load results');
  });
});
