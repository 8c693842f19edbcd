import { chiSquareSurvival } from './distributions.ts';

/** Below this p-value the split is called a mismatch: 0.001, as Fabijan et al. (KDD 2019) and most engines use. */
export const SAMPLE_RATIO_THRESHOLD = 0.001;

/**
 * Pearson's chi-square goodness-of-fit test of the users seen per variant against the configured weights: a sample
 * ratio mismatch means assignment or exposure recording is broken, and no other number of the experiment can be
 * trusted until it is explained.
 */
export function sampleRatioTest(
  observed: number[],
  weights: number[],
): { statistic: number; degrees: number; pValue: number; mismatch: boolean } {
  const total = observed.reduce((sum, each) => sum + each, 0);
  const weightSum = weights.reduce((sum, each) => sum + each, 0);
  if (total === 0 || weightSum <= 0 || observed.length < 2 || observed.length !== weights.length)
    return { statistic: 0, degrees: Math.max(0, observed.length - 1), pValue: 1, mismatch: false };
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = (total * weights[i]!) / weightSum;
    if (expected > 0) statistic += (observed[i]! - expected) ** 2 / expected;
    else if (observed[i]! > 0) statistic = Infinity;
  }
  const degrees = observed.length - 1;
  const pValue = Number.isFinite(statistic) ? chiSquareSurvival(statistic, degrees) : 0;
  return { statistic, degrees, pValue, mismatch: pValue < SAMPLE_RATIO_THRESHOLD };
}
