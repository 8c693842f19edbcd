import type { Moments } from './estimates.ts';

/**
 * Per-variant sums of the metric (y) and of its pre-period value (x) for CUPED (Deng, Xu, Kohavi and Walker,
 * "Improving the Sensitivity of Online Controlled Experiments by Utilizing Pre-Experiment Data", WSDM 2013).
 */
export type CovariateSums = {
  users: number;
  sumY: number;
  sumY2: number;
  sumX: number;
  sumX2: number;
  sumXY: number;
};

/**
 * CUPED: Y' = Y − θ(X − E[X]) with θ = cov(X, Y) / var(X) pooled over all variants. Each variant's adjusted mean
 * stays unbiased (X is independent of assignment) and its variance shrinks by the factor 1 − ρ². Returns the
 * adjusted moments per variant and θ; unchanged moments when X has no variance.
 */
export function cupedAdjust(variants: CovariateSums[]): {
  theta: number;
  adjusted: Moments[];
  /** 1 − (pooled within-variant variance of Y') / (that of Y): the share of the metric's variance removed (ρ²). */
  varianceReduction: number;
} {
  const total = variants.reduce(
    (all, each) => ({
      users: all.users + each.users,
      sumY: all.sumY + each.sumY,
      sumY2: all.sumY2 + each.sumY2,
      sumX: all.sumX + each.sumX,
      sumX2: all.sumX2 + each.sumX2,
      sumXY: all.sumXY + each.sumXY,
    }),
    { users: 0, sumY: 0, sumY2: 0, sumX: 0, sumX2: 0, sumXY: 0 },
  );
  const n = total.users;
  const meanX = n > 0 ? total.sumX / n : 0;
  // Within-variant covariance and variance, pooled, so differences between variants do not leak into θ.
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (const each of variants) {
    if (each.users === 0) continue;
    covariance += each.sumXY - (each.sumX * each.sumY) / each.users;
    varianceX += each.sumX2 - (each.sumX * each.sumX) / each.users;
    varianceY += each.sumY2 - (each.sumY * each.sumY) / each.users;
  }
  const theta = varianceX > 0 ? covariance / varianceX : 0;
  const residual = varianceY - 2 * theta * covariance + theta * theta * varianceX;
  const varianceReduction = varianceY > 0 ? Math.min(1, Math.max(0, 1 - residual / varianceY)) : 0;
  const adjusted = variants.map((each) => {
    const m = each.users;
    if (m === 0) return { users: 0, mean: 0, variance: 0 };
    const y = each.sumY / m;
    const x = each.sumX / m;
    const denominator = Math.max(1, m - 1);
    const vy = (each.sumY2 - m * y * y) / denominator;
    const vx = (each.sumX2 - m * x * x) / denominator;
    const cxy = (each.sumXY - m * x * y) / denominator;
    return {
      users: m,
      mean: y - theta * (x - meanX),
      variance: Math.max(0, vy - 2 * theta * cxy + theta * theta * vx),
    };
  });
  return { theta, adjusted, varianceReduction };
}
