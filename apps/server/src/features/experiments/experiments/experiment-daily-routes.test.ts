import { meanEstimate, momentsOf, relativeLift } from '@switchyard/statistics';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '60000' });
}, 120_000);
afterAll(() => t?.close());
// Only Date is faked: the exposures, the tracked events, the start and the results read the clock from it.
afterEach(() => vi.useRealTimers());

const base = (flag: string) =>
  `/api/admin/projects/default/features/${flag}/environments/development/experiments`;

/** A running experiment on a flag on for everyone in development, with variants control and treatment. */
async function startedExperiment(flag: string, metrics: unknown[]): Promise<number> {
  const variants = ['control', 'treatment'].map((name) => ({
    name,
    weight: 500,
    weightType: 'variable',
    stickiness: 'default',
  }));
  await buildFlag(t.db, {
    name: flag,
    environments: { development: { enabled: true, strategies: [{}], variants } },
  });
  const created = await t.admin({
    method: 'POST',
    url: base(flag),
    payload: { name: `${flag} test`, controlVariant: 'control', metrics },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const started = await t.admin({ method: 'POST', url: `${base(flag)}/${id}/start` });
  expect(started.statusCode, started.body).toBe(200);
  return id;
}

/** Users exposed a second ago, as an SDK reports them, then flushed. */
async function expose(flag: string, pairs: [string, string][]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/client/exposures',
    headers: { authorization: CLIENT_TOKEN },
    payload: {
      exposures: pairs.map(([userId, variant]) => ({
        flagName: flag,
        variant,
        userId,
        exposedAt: new Date(Date.now() - 1000).toISOString(),
      })),
    },
  });
  expect(response.json().recorded).toBe(pairs.length);
  await t.app.experiments.flushNow();
}

/** Tracked events, then flushed. */
async function track(events: { event: string; userId: string; value?: number }[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/frontend/track',
    headers: { authorization: FRONTEND_TOKEN },
    payload: events,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  await t.app.experiments.flushNow();
}

const results = async (flag: string, id: number) => {
  const response = await t.admin({ method: 'GET', url: `${base(flag)}/${id}/results` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Point = { day: string; variants: Record<string, number | undefined>[] };

describe('the daily series of the results', () => {
  it('gives a cumulative series of exposures and first conversions by UTC day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const id = await startedExperiment('exp-daily', [
      { event: 'purchase', kind: 'conversion', role: 'primary' },
      { event: 'revenue', kind: 'mean', role: 'guardrail' },
    ]);
    const buy = (users: string[]) => track(users.map((userId) => ({ event: 'purchase', userId })));
    await expose('exp-daily', [
      ['d1', 'control'],
      ['d2', 'treatment'],
      ['d3', 'treatment'],
    ]);
    await buy(['d1', 'd2']);

    vi.setSystemTime(new Date('2026-11-03T15:00:00Z'));
    await expose('exp-daily', [['d4', 'control']]);
    // d1 buys again: still first converted on the first day.
    await buy(['d3', 'd4', 'd1']);

    vi.setSystemTime(new Date('2026-11-04T09:00:00Z'));
    const body = await results('exp-daily', id);
    expect(
      body.daily.map((point: Point) => [point.day, point.variants.map((v) => [v.users, v.converters])]),
    ).toEqual([
      [
        '2026-11-02',
        [
          [1, 1],
          [2, 1],
        ],
      ],
      [
        '2026-11-03',
        [
          [2, 2],
          [2, 2],
        ],
      ],
      [
        '2026-11-04',
        [
          [2, 2],
          [2, 2],
        ],
      ],
    ]);
    expect(body.daily[0].variants.map((v: { variant: string }) => v.variant)).toEqual([
      'control',
      'treatment',
    ]);
    // Day one: control 1 of 1, treatment 1 of 2.
    expect(body.daily[0].variants[1]).toMatchObject({ rate: 0.5, lift: { lift: -0.5 } });
  });

  it('gives the mean per user of the values tracked so far, for a mean primary metric', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const id = await startedExperiment('exp-daily-mean', [
      { event: 'revenue', kind: 'mean', role: 'primary' },
      { event: 'purchase', kind: 'conversion', role: 'guardrail' },
    ]);
    await expose('exp-daily-mean', [
      ['m1', 'control'],
      ['m2', 'control'],
      ['m3', 'treatment'],
      ['m4', 'treatment'],
    ]);
    // Day one: control holds 10 and 0, treatment 20 (in two events) and 0.
    await track([
      { event: 'revenue', userId: 'm1', value: 10 },
      { event: 'revenue', userId: 'm3', value: 12 },
      { event: 'revenue', userId: 'm3', value: 8 },
      { event: 'purchase', userId: 'm1' },
    ]);

    vi.setSystemTime(new Date('2026-11-03T15:00:00Z'));
    await expose('exp-daily-mean', [['m5', 'treatment']]);
    // Day two: m1 adds 5 (15), m2 tracks 6, m3 adds 10 (30), the new m5 tracks 4. Summed per day instead of
    // cumulatively, control would read (5 + 6) / 2 = 5.5, not 10.5.
    await track([
      { event: 'revenue', userId: 'm1', value: 5 },
      { event: 'revenue', userId: 'm2', value: 6 },
      { event: 'revenue', userId: 'm3', value: 10 },
      { event: 'revenue', userId: 'm5', value: 4 },
    ]);

    vi.setSystemTime(new Date('2026-11-04T09:00:00Z'));
    const means = (body: { daily: Point[] }) =>
      body.daily.map((point) => [point.day, point.variants.map((v) => [v.users, v.mean])]);
    const body = await results('exp-daily-mean', id);
    expect(means(body)).toEqual([
      [
        '2026-11-02',
        [
          [2, 5],
          [2, 10],
        ],
      ],
      [
        '2026-11-03',
        [
          [2, 10.5],
          [3, 34 / 3],
        ],
      ],
      [
        '2026-11-04',
        [
          [2, 10.5],
          [3, 34 / 3],
        ],
      ],
    ]);
    const [control, treatment] = body.daily[1].variants;
    expect(control).not.toHaveProperty('rate');
    expect(control).not.toHaveProperty('lift');
    // Control on day two: variance (15² + 6² − 2 · 10.5²) / 1 = 40.5, standard error √(40.5 / 2) = 4.5; the sums
    // of squares are 15² + 6² = 261 and 30² + 0² + 4² = 916, not the days' 5² + 6² and 10² + 4².
    expect(control.interval.low).toBeCloseTo(10.5 - 1.959964 * 4.5, 5);
    expect(control.interval.high).toBeCloseTo(10.5 + 1.959964 * 4.5, 5);
    const controlMoments = momentsOf({ users: 2, sum: 21, sumOfSquares: 261 });
    const treatmentMoments = momentsOf({ users: 3, sum: 34, sumOfSquares: 916 });
    expect(treatment.interval).toEqual(meanEstimate(treatmentMoments).interval);
    expect(treatment.lift).toEqual(relativeLift(controlMoments, treatmentMoments));
    expect(body.daily[0].variants[1].lift.lift).toBe(1);
    // The last day ends where the results are.
    const revenue = body.metrics.find((metric: { event: string }) => metric.event === 'revenue');
    expect(revenue.variants.map((v: { estimate: number }) => v.estimate)).toEqual([10.5, 34 / 3]);
    expect(revenue.variants[1].lift).toEqual(treatment.lift);
  });
});
