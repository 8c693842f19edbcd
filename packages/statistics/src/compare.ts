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
