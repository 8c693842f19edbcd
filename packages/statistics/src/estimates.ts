import { normalQuantile } from './distributions.ts';

/** Users who saw a variant and how many of them converted at least once. */
export type ConversionCounts = { users: number; conversions: number };
/** Users who saw a variant and the sum and sum of squares of a per-user value (zero for users without one). */
export type ValueSums = { users: number; sum: number; sumOfSquares: number };
/** What a comparison of means needs: per-user mean and variance over the variant's users. */
export type Moments = { users: number; mean: number; variance: number };
export type Interval = { low: number; high: number };

/** The two-sided normal critical value for a confidence level such as 0.95. */
export function criticalValue(confidence: number): number {
  return normalQuantile(1 - (1 - confidence) / 2);
}

/**
 * A conversion rate with its Wilson score interval (Wilson 1927; Newcombe 1998 recommends it over the Wald
 * interval, which fails near 0 and 1 and at small samples).
 */
export function conversionRate(
  counts: ConversionCounts,
  confidence = 0.95,
): { rate: number; interval: Interval } {
  const { users: n, conversions } = counts;
  if (n <= 0) return { rate: 0, interval: { low: 0, high: 1 } };
  const p = conversions / n;
  const z = criticalValue(confidence);
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { rate: p, interval: { low: Math.max(0, centre - half), high: Math.min(1, centre + half) } };
}

/** Mean and (sample) variance from sums; the variance is 0 with fewer than two users. */
export function momentsOf(sums: ValueSums): Moments {
  const { users: n, sum, sumOfSquares } = sums;
  if (n <= 0) return { users: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumOfSquares - n * mean * mean) / (n - 1)) : 0;
  return { users: n, mean, variance };
}

/** The moments of a 0/1 conversion indicator. */
export function momentsOfRate(counts: ConversionCounts): Moments {
  return momentsOf({ users: counts.users, sum: counts.conversions, sumOfSquares: counts.conversions });
}

/** A mean with its normal (central limit) interval. */
export function meanEstimate(moments: Moments, confidence = 0.95): { mean: number; interval: Interval } {
  const se = moments.users > 0 ? Math.sqrt(moments.variance / moments.users) : Infinity;
  const z = criticalValue(confidence);
  return { mean: moments.mean, interval: { low: moments.mean - z * se, high: moments.mean + z * se } };
}

/**
 * The relative lift of a variant over control (variant / control − 1) with a delta-method interval on the log of
 * the ratio; undefined while the control's mean is not positive.
 */
export function relativeLift(
  control: Moments,
  variant: Moments,
  confidence = 0.95,
): { lift: number; interval: Interval } | undefined {
  if (!(control.mean > 0 && variant.mean > 0 && control.users > 0 && variant.users > 0)) return undefined;
  const ratio = variant.mean / control.mean;
  const se = Math.sqrt(
    variant.variance / (variant.users * variant.mean ** 2) +
      control.variance / (control.users * control.mean ** 2),
  );
  const z = criticalValue(confidence);
  const log = Math.log(ratio);
  return { lift: ratio - 1, interval: { low: Math.exp(log - z * se) - 1, high: Math.exp(log + z * se) - 1 } };
}
