import { chanceToBeatBeta, chanceToBeatNormal, expectedLossBeta, expectedLossNormal } from './bayesian.ts';
import {
  conversionRate,
  meanEstimate,
  momentsOf,
  momentsOfRate,
  relativeLift,
  type ConversionCounts,
  type Interval,
  type Moments,
  type ValueSums,
} from './estimates.ts';
import { chanceToBeatPoisson, poissonRate, rateRatio, rateRatioTest, type PoissonCounts } from './poisson.ts';
import { sequentialTest } from './sequential.ts';

/** One variant against control on one metric: every number a results page shows. */
export type Comparison = {
  /** The variant's estimate (a rate or a mean) and its interval. */
  estimate: number;
  interval: Interval;
  /** Relative lift over control with its interval; undefined for control and while control's estimate is 0. */
  lift?: { lift: number; interval: Interval };
  /** Bayesian: P(variant better than control), and the expected loss of shipping it (in the metric's units). */
  chanceToBeatControl?: number;
  expectedLoss?: number;
  /** Frequentist, fixed horizon: the exact two-sided p-value of a rate per exposed user (read once, at the end). */
  pValue?: number;
  /** Frequentist, safe under peeking: always-valid p-value and interval for variant − control. */
  sequential?: { pValue: number; interval: Interval };
};

export type ComparisonOptions = { confidence?: number; mixing?: number };

/** A conversion metric (did the user convert at least once): Beta-Binomial and Wilson. */
export function compareRates(
  control: ConversionCounts,
  variant: ConversionCounts,
  options: ComparisonOptions & { isControl?: boolean } = {},
): Comparison {
  const confidence = options.confidence ?? 0.95;
  const { rate, interval } = conversionRate(variant, confidence);
  if (options.isControl) return { estimate: rate, interval };
  const c = momentsOfRate(control);
  const v = momentsOfRate(variant);
  return {
    estimate: rate,
    interval,
    lift: relativeLift(c, v, confidence),
    chanceToBeatControl: chanceToBeatBeta(control, variant),
    expectedLoss: expectedLossBeta(control, variant),
    sequential: sequentialTest(c, v, { alpha: 1 - confidence, mixing: options.mixing }),
  };
}

/** A value metric (a per-user sum such as revenue): normal approximation throughout. */
export function compareMeans(
  control: ValueSums | Moments,
  variant: ValueSums | Moments,
  options: ComparisonOptions & { isControl?: boolean } = {},
): Comparison {
  const confidence = options.confidence ?? 0.95;
  const c = 'sum' in control ? momentsOf(control) : control;
  const v = 'sum' in variant ? momentsOf(variant) : variant;
  const { mean, interval } = meanEstimate(v, confidence);
  if (options.isControl) return { estimate: mean, interval };
  return {
    estimate: mean,
    interval,
    lift: relativeLift(c, v, confidence),
    chanceToBeatControl: chanceToBeatNormal(c, v),
    expectedLoss: expectedLossNormal(c, v),
    sequential: sequentialTest(c, v, { alpha: 1 - confidence, mixing: options.mixing }),
  };
}

/** Under the Poisson model a per-user count's variance is its mean: what the sequential test takes. */
const poissonMoments = (counts: PoissonCounts): Moments => {
  const mean = counts.users > 0 ? counts.count / counts.users : 0;
  return { users: counts.users, mean, variance: mean };
};

/**
 * A count per exposed user (an impact metric's counter over a variant's users), Poisson throughout: Garwood's exact
 * interval, the rate ratio's exact conditional interval and test, Gamma posteriors for the chance to beat control.
 */
export function compareCounts(
  control: PoissonCounts,
  variant: PoissonCounts,
  options: ComparisonOptions & { isControl?: boolean } = {},
): Comparison {
  const confidence = options.confidence ?? 0.95;
  const { rate, interval } = poissonRate(variant, confidence);
  if (options.isControl) return { estimate: rate, interval };
  const ratio = rateRatio(control, variant, confidence);
  return {
    estimate: rate,
    interval,
    lift: ratio && {
      lift: ratio.ratio - 1,
      interval: { low: ratio.interval.low - 1, high: ratio.interval.high - 1 },
    },
    chanceToBeatControl: chanceToBeatPoisson(control, variant),
    pValue: rateRatioTest(control, variant),
    sequential: sequentialTest(poissonMoments(control), poissonMoments(variant), {
      alpha: 1 - confidence,
      mixing: options.mixing,
    }),
  };
}
