import { conversionRate, momentsOfRate, relativeLift } from '@switchyard/statistics';
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

describe('the cumulative series', () => {
  const window = { days: ['2026-12-01', '2026-12-02', '2026-12-03'] };
  const totals: DailyTotals[] = [
    { day: '2026-12-02', variant: 'green', users: 50, converters: 30 },
    { day: '2026-12-01', variant: 'blue', users: 100, converters: 20 },
    { day: '2026-12-01', variant: 'green', users: 100, converters: 25 },
    { day: '2026-12-03', variant: 'blue', users: 10, converters: 0 },
    // A variant no longer configured and not in the results is left out.
    { day: '2026-12-01', variant: 'gone', users: 5, converters: 5 },
  ];

  it('adds each day to the days before it, per variant, with rates and lift from the statistics package', () => {
    const series = dailySeries(window, ['blue', 'green'], 'blue', totals);
    expect(series.map((point) => point.day)).toEqual(window.days);
    const counts = series.map((point) => point.variants.map((v) => [v.variant, v.users, v.converters]));
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
    expect(blue!.rate).toBe(0.2);
    expect(green!.interval).toEqual(conversionRate({ users: 150, conversions: 55 }).interval);
    expect(green!.lift).toEqual(
      relativeLift(
        momentsOfRate({ users: 100, conversions: 20 }),
        momentsOfRate({ users: 150, conversions: 55 }),
      ),
    );
  });

  it('counts totals before the window on its first day, and gives no lift while control has no conversions', () => {
    const series = dailySeries({ days: ['2026-12-02'] }, ['blue', 'green'], 'blue', [
      { day: '2026-11-01', variant: 'blue', users: 4, converters: 0 },
      { day: '2026-12-02', variant: 'green', users: 4, converters: 9 },
    ]);
    expect(series[0]!.variants).toEqual([
      expect.objectContaining({ variant: 'blue', users: 4, converters: 0, rate: 0 }),
      // Never more converters than users.
      expect.objectContaining({ variant: 'green', users: 4, converters: 4, rate: 1 }),
    ]);
    expect(series[0]!.variants[1]!.lift).toBeUndefined();
    expect(dailySeries({ days: [] }, ['blue'], 'blue', totals)).toEqual([]);
  });
});
