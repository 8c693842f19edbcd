import {
  conversionRate,
  meanEstimate,
  momentsOf,
  momentsOfRate,
  relativeLift,
  type Interval,
} from '@switchyard/statistics';
import type { Experiment, ExperimentMetric } from './experiment.ts';

/** The series covers at most this many UTC days, the last ones; the first of them includes everything before it. */
export const MAX_DAYS = 90;
const DAY_MS = 86_400_000;
const CONFIDENCE = 0.95;

/**
 * What the store groups per UTC day (`YYYY-MM-DD`) and variant: users first exposed, and of the primary metric's
 * users, those first converting that day (a conversion metric), or the day's increase of the sum and of the sum of
 * squares of the users' running values (a mean metric: a user at 3 who adds 2 adds 2 and 5² − 3² = 16).
 */
export type DailyTotals = {
  day: string;
  variant: string;
  users: number;
  converters: number;
  sum: number;
  sumOfSquares: number;
};
/** The UTC days a series covers, oldest first. */
export type DailyWindow = { days: string[] };
type DailyBase = {
  variant: string;
  /** Cumulative up to and including the day. */
  users: number;
  interval: Interval;
  /** Against control; undefined for control and while either rate or mean is not positive. */
  lift?: { lift: number; interval: Interval };
};
/** A conversion metric's day: converters so far and their rate. */
export type DailyRate = DailyBase & { converters: number; rate: number };
/** A mean metric's day: the mean per exposed user of their values so far. */
export type DailyMean = DailyBase & { mean: number };
export type DailyVariant = DailyRate | DailyMean;
export type DailyPoint = { day: string; variants: DailyVariant[] };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The days from the start to the stop (or today), the last MAX_DAYS of them; none before the experiment started. */
export function dailyWindow(experiment: Pick<Experiment, 'startedAt' | 'stoppedAt'>, now: Date): DailyWindow {
  if (!experiment.startedAt) return { days: [] };
  const end = Date.parse(dayOf(experiment.stoppedAt ?? now));
  const start = Math.max(Date.parse(dayOf(experiment.startedAt)), end - (MAX_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let at = start; at <= end; at += DAY_MS) days.push(dayOf(new Date(at)));
  return { days };
}

/**
 * Cumulative totals per variant for each day of the window, with each day's estimate and its lift over control, as
 * the results compute them without CUPED: a conversion rate with its Wilson interval, or a mean with its normal
 * interval, and the delta-method relative lift. Totals of a day before the window count on its first day, of a day
 * after it on its last.
 */
export function dailySeries(
  window: DailyWindow,
  variants: readonly string[],
  metric: Pick<ExperimentMetric, 'kind'>,
  controlVariant: string,
  totals: readonly DailyTotals[],
): DailyPoint[] {
  const running = new Map(
    variants.map((variant) => [variant, { users: 0, converters: 0, sum: 0, sumOfSquares: 0 }]),
  );
  const sorted = [...totals].sort((a, b) => a.day.localeCompare(b.day));
  let next = 0;
  return window.days.map((day, index) => {
    const last = index === window.days.length - 1;
    for (; next < sorted.length && (last || sorted[next]!.day <= day); next++) {
      const each = sorted[next]!;
      const sum = running.get(each.variant);
      if (!sum) continue;
      sum.users += each.users;
      sum.converters += each.converters;
      sum.sum += each.sum;
      sum.sumOfSquares += each.sumOfSquares;
    }
    const point = metric.kind === 'conversion' ? rateOf : meanOf;
    return { day, variants: variants.map((variant) => point(variant, running, controlVariant)) };
  });
}

type Running = Map<string, { users: number; converters: number; sum: number; sumOfSquares: number }>;

function rateOf(variant: string, running: Running, controlVariant: string): DailyRate {
  const counts = (name: string) => {
    const sum = running.get(name)!;
    // A conversion recorded for a user whose exposure lies in a later group cannot outnumber the users.
    return { users: sum.users, conversions: Math.min(sum.users, sum.converters) };
  };
  const { users, conversions } = counts(variant);
  const { rate, interval } = conversionRate({ users, conversions }, CONFIDENCE);
  const lift =
    variant === controlVariant
      ? undefined
      : relativeLift(
          momentsOfRate(counts(controlVariant)),
          momentsOfRate({ users, conversions }),
          CONFIDENCE,
        );
  return { variant, users, converters: conversions, rate, interval, ...(lift && { lift }) };
}

function meanOf(variant: string, running: Running, controlVariant: string): DailyMean {
  const moments = (name: string) => momentsOf(running.get(name)!);
  const own = moments(variant);
  const { mean, interval } = meanEstimate(own, CONFIDENCE);
  const lift =
    variant === controlVariant ? undefined : relativeLift(moments(controlVariant), own, CONFIDENCE);
  return { variant, users: own.users, mean, interval, ...(lift && { lift }) };
}
