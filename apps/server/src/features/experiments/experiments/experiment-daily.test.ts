import { conversionRate, meanEstimate, momentsOf, momentsOfRate, relativeLift } from '@switchyard/statistics';
import { describe, expect, it } from 'vitest';
import { dailySeries, dailyWindow, MAX_DAYS, type DailyTotals } from './experiment-daily.ts';

const at = (iso: string) => new Date(iso);

describe('the days of the series', () => {
  it('runs from the start day to today in UTC, or to the stop day', () => {
    const started = { startedAt: at('2026-11-29T23:30:00Z'), stoppedAt: null };
    expect(dailyWindow(started, at('2026-12-01T00:10:00Z')).days).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    const stopped = { startedAt: at('2026-11-29T08:00:00Z'), stoppedAt: at('2026-11-30T10:00:00Z') };
    expect(dailyWindow(stopped, at('2026-12-20T00:00:00Z')).days).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('is empty for a draft, and keeps the last days of a long experiment', () => {
    expect(dailyWindow({ startedAt: null, stoppedAt: null }, at('2026-12-01T00:00:00Z')).days).toEqual([]);
    const long = dailyWindow(
      { startedAt: at('2026-01-01T00:00:00Z'), stoppedAt: null },
      at('2026-12-01T12:00:00Z'),
    );
    expect(long.days).toHaveLength(MAX_DAYS);
    expect(long.days.at(-1)).toBe('2026-12-01');
    expect(long.days[0]).toBe('2026-09-03');
  });
});

const rates = (day: string, variant: string, users: number, converters: number): DailyTotals => ({
  day,
  variant,
  users,
  converters,
  sum: 0,
  sumOfSquares: 0,
});
const conversion = { kind: 'conversion' } as const;

describe('the cumulative series', () => {
  const window = { days: ['2026-12-01', '2026-12-02', '2026-12-03'] };
  const totals: DailyTotals[] = [
    rates('2026-12-02', 'green', 50, 30),
    rates('2026-12-01', 'blue', 100, 20),
    rates('2026-12-01', 'green', 100, 25),
    rates('2026-12-03', 'blue', 10, 0),
    // A variant no longer configured and not in the results is left out.
    rates('2026-12-01', 'gone', 5, 5),
  ];

  it('adds each day to the days before it, per variant, with rates and lift from the statistics package', () => {
    const series = dailySeries(window, ['blue', 'green'], conversion, 'blue', totals);
    expect(series.map((point) => point.day)).toEqual(window.days);
    const counts = series.map((point) =>
      point.variants.map((v) => [v.variant, v.users, 'converters' in v && v.converters]),
    );
    expect(counts).toEqual([
      [
        ['blue', 100, 20],
        ['green', 100, 25],
      ],
      [
        ['blue', 100, 20],
        ['green', 150, 55],
      ],
      [
        ['blue', 110, 20],
        ['green', 150, 55],
      ],
    ]);
    const [blue, green] = series[1]!.variants;
    expect(blue!.lift).toBeUndefined();
    expect(blue).toMatchObject({ rate: 0.2 });
    expect(green!.interval).toEqual(conversionRate({ users: 150, conversions: 55 }).interval);
    expect(green!.lift).toEqual(
      relativeLift(
        momentsOfRate({ users: 100, conversions: 20 }),
        momentsOfRate({ users: 150, conversions: 55 }),
      ),
    );
  });

  it('counts totals before the window on its first day, and gives no lift while control has no conversions', () => {
    const series = dailySeries({ days: ['2026-12-02'] }, ['blue', 'green'], conversion, 'blue', [
      rates('2026-11-01', 'blue', 4, 0),
      rates('2026-12-02', 'green', 4, 9),
    ]);
    expect(series[0]!.variants).toEqual([
      expect.objectContaining({ variant: 'blue', users: 4, converters: 0, rate: 0 }),
      // Never more converters than users.
      expect.objectContaining({ variant: 'green', users: 4, converters: 4, rate: 1 }),
    ]);
    expect(series[0]!.variants[1]!.lift).toBeUndefined();
    expect(dailySeries({ days: [] }, ['blue'], conversion, 'blue', totals)).toEqual([]);
  });
});

describe('the cumulative series of a mean', () => {
  // Day one: blue's users hold 10 and 0, green's 20 and 0. Day two: blue's first user adds 5 (15² − 10² = 125) and
  // the second tracks 6; green's first adds 10 (30² − 20² = 500) and a new third user tracks 4.
  const values = (day: string, variant: string, users: number, sum: number, sumOfSquares: number) => ({
    day,
    variant,
    users,
    converters: 0,
    sum,
    sumOfSquares,
  });
  const series = dailySeries(
    { days: ['2026-12-01', '2026-12-02'] },
    ['blue', 'green'],
    { kind: 'mean' },
    'blue',
    [
      values('2026-12-01', 'blue', 2, 10, 100),
      values('2026-12-01', 'green', 2, 20, 400),
      values('2026-12-02', 'blue', 0, 11, 125 + 36),
      values('2026-12-02', 'green', 1, 14, 500 + 16),
    ],
  );

  it('gives the mean per user of the values so far, not of the day', () => {
    const means = series.map((point) =>
      point.variants.map((v) => [v.variant, v.users, 'mean' in v && v.mean]),
    );
    expect(means).toEqual([
      [
        ['blue', 2, 5],
        ['green', 2, 10],
      ],
      // Blue holds 15 and 6 (not the day's 5 and 6), green 30, 0 and 4.
      [
        ['blue', 2, 10.5],
        ['green', 3, 34 / 3],
      ],
    ]);
    expect(series[0]!.variants.every((v) => !('rate' in v))).toBe(true);
  });

  it('gives the normal interval and the delta-method lift of the statistics package, from the running sums', () => {
    const [blue, green] = series[1]!.variants;
    // Blue: variance (15² + 6² − 2 · 10.5²) / 1 = 40.5, standard error √(40.5 / 2) = 4.5.
    expect(blue!.interval.low).toBeCloseTo(10.5 - 1.959964 * 4.5, 5);
    expect(blue!.interval.high).toBeCloseTo(10.5 + 1.959964 * 4.5, 5);
    expect(blue!.lift).toBeUndefined();
    const blueSums = momentsOf({ users: 2, sum: 21, sumOfSquares: 261 });
    const greenSums = momentsOf({ users: 3, sum: 34, sumOfSquares: 916 });
    expect(green!.interval).toEqual(meanEstimate(greenSums).interval);
    expect(green!.lift).toEqual(relativeLift(blueSums, greenSums));
    expect(green!.lift!.lift).toBeCloseTo(34 / 3 / 10.5 - 1, 12);
    // Day one: green's mean is twice blue's.
    expect(series[0]!.variants[1]!.lift!.lift).toBe(1);
  });

  it('gives no lift while control has no value yet', () => {
    const [point] = dailySeries({ days: ['2026-12-01'] }, ['blue', 'green'], { kind: 'mean' }, 'blue', [
      values('2026-12-01', 'blue', 3, 0, 0),
      values('2026-12-01', 'green', 3, 6, 20),
    ]);
    expect(point!.variants[0]).toMatchObject({ mean: 0 });
    expect(point!.variants[1]).toMatchObject({ mean: 2 });
    expect(point!.variants[1]!.lift).toBeUndefined();
  });
});
