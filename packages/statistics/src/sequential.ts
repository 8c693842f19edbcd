import type { Interval, Moments } from './estimates.ts';

/**
 * The mixture sequential probability ratio test (Robbins 1970; Johari, Pekelis and Walsh, "Always Valid
 * Inference", 2017/2022) for the difference of two means, with a normal mixing distribution N(0, τ²) over the true
 * difference. Its p-value is valid at every look: the chance that it EVER falls below α under the null is at most α
 * (Ville's inequality), so results may be read as often as anyone likes.
 *
 * τ is set relative to the per-user standard deviation: `mixing` = τ / σ, 0.1 by default (an effect of a tenth of a
 * standard deviation, Cohen's "small" effect halved), which keeps power for the lifts experiments usually find.
 */
export type SequentialResult = {
  /** min(1, 1 / Λ): the always-valid p-value at this look (keep the running minimum across looks). */
  pValue: number;
  /** An always-valid confidence interval for variant − control. */
  interval: Interval;
};

export const DEFAULT_MIXING = 0.1;

export function sequentialTest(
  control: Moments,
  variant: Moments,
  options: { alpha?: number; mixing?: number } = {},
): SequentialResult {
  const alpha = options.alpha ?? 0.05;
  const mixing = options.mixing ?? DEFAULT_MIXING;
  if (control.users < 2 || variant.users < 2)
    return { pValue: 1, interval: { low: -Infinity, high: Infinity } };
  const v = variant.variance / variant.users + control.variance / control.users;
  const delta = variant.mean - control.mean;
  const pooled =
    ((control.users - 1) * control.variance + (variant.users - 1) * variant.variance) /
    (control.users + variant.users - 2);
  const tau2 = mixing * mixing * pooled;
  if (v <= 0 || tau2 <= 0) return { pValue: delta === 0 ? 1 : 0, interval: { low: delta, high: delta } };
  const logLambda = 0.5 * Math.log(v / (v + tau2)) + (tau2 * delta * delta) / (2 * v * (v + tau2));
  const pValue = Math.min(1, Math.exp(-logLambda));
  const half = Math.sqrt(((v * (v + tau2)) / tau2) * (Math.log((v + tau2) / v) - 2 * Math.log(alpha)));
  return { pValue, interval: { low: delta - half, high: delta + half } };
}
