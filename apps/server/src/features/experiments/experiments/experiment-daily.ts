import { conversionRate, momentsOfRate, relativeLift, type Interval } from '@switchyard/statistics';
import type { Experiment } from './experiment.ts';

/** The series covers at most this many UTC days, the last ones; the first of them includes everything before it. */
export const MAX_DAYS = 90;
const DAY_MS = 86_400_000;
const CONFIDENCE = 0.95;

/** The users a variant exposed and converted on one UTC day (`YYYY-MM-DD`), as the store groups them. */
export type DailyTotals = { day: string; variant: string; users: number; converters: number };
/** The UTC days a series covers, oldest first. */
export type DailyWindow = { days: string[] };
export type DailyVariant = {
  variant: string;
  /** Cumulative up to and including the day. */
  users: number;
  converters: number;
  rate: number;
  interval: Interval;
  /** Against control; undefined for control and while either rate is 0. */
  lift?: { lift: number; interval: Interval };
};
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
 * Cumulative users and converters per variant for each day of the window, with each day's conversion rate and its
 * lift over control (Wilson interval and delta-method lift, as the results use without CUPED). Totals of a day
 * before the window count on its first day, of a day after it on its last.
 */
export function dailySeries(
  window: DailyWindow,
  variants: readonly string[],
  controlVariant: string,
  totals: readonly DailyTotals[],
): DailyPoint[] {
  const running = new Map(variants.map((variant) => [variant, { users: 0, converters: 0 }]));
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
    }
    const counts = (variant: string) => {
      const sum = running.get(variant)!;
      // A conversion recorded for a user whose exposure lies in a later group cannot outnumber the users.
      return { users: sum.users, conversions: Math.min(sum.users, sum.converters) };
    };
    const control = momentsOfRate(counts(controlVariant));
    return {
      day,
      variants: variants.map((variant): DailyVariant => {
        const { users, conversions } = counts(variant);
        const { rate, interval } = conversionRate({ users, conversions }, CONFIDENCE);
        const lift =
          variant === controlVariant
            ? undefined
            : relativeLift(control, momentsOfRate({ users, conversions }), CONFIDENCE);
        return { variant, users, converters: conversions, rate, interval, ...(lift && { lift }) };
      }),
    };
  });
}
