import { incompleteBeta, logGamma, lowerGamma } from './distributions.ts';
import type { Interval } from './estimates.ts';

/**
 * A count over an exposure: a counter's total increments over the users exposed to a variant. The count is modelled
 * as Poisson with mean rate × users, so a rate is "increments per exposed user", not a per-user average.
 */
export type PoissonCounts = { users: number; count: number };

const BISECTIONS = 200;

/** Finds x in [low, high] with cdf(x) = p for an increasing cdf, by bisection (to double precision). */
function invert(cdf: (x: number) => number, p: number, low: number, high: number): number {
  for (let i = 0; i < BISECTIONS && high - low > 1e-15 * Math.max(1, high); i++) {
    const mid = (low + high) / 2;
    if (cdf(mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The p-quantile of Gamma(shape, 1): half the chi-square quantile with 2·shape degrees of freedom. */
export function gammaQuantile(p: number, shape: number): number {
  if (p <= 0) return 0;
  let high = shape + 10 * Math.sqrt(shape) + 10;
  while (lowerGamma(shape, high) < p) high *= 2;
  return invert((x) => lowerGamma(shape, x), p, 0, high);
}

/** The p-quantile of Beta(a, b). */
export function betaQuantile(p: number, a: number, b: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  return invert((x) => incompleteBeta(x, a, b), p, 0, 1);
}

/**
 * A rate per exposed user with Garwood's exact interval (Garwood 1936): the Poisson mean's limits are Gamma
 * quantiles, α/2 of Gamma(count) and 1 − α/2 of Gamma(count + 1), divided by the users.
 */
export function poissonRate(counts: PoissonCounts, confidence = 0.95): { rate: number; interval: Interval } {
  const { users, count } = counts;
  if (users <= 0) return { rate: 0, interval: { low: 0, high: Infinity } };
  const alpha = 1 - confidence;
  return {
    rate: count / users,
    interval: {
      low: count > 0 ? gammaQuantile(alpha / 2, count) / users : 0,
      high: gammaQuantile(1 - alpha / 2, count + 1) / users,
    },
  };
}

/**
 * Conditional on the total N = x₀ + x₁, the variant's count is Binomial(N, π) with π = n₁ / (n₀ + n₁) when both
 * rates are equal (Przyborowski and Wileński 1940). The counts are rounded to whole increments for it.
 */
function conditional(control: PoissonCounts, variant: PoissonCounts) {
  const x = Math.round(variant.count);
  const total = x + Math.round(control.count);
  return { x, total, share: variant.users / (control.users + variant.users) };
}

/**
 * The rate ratio (variant / control) with the exact conditional interval: Clopper–Pearson limits for π, mapped by
 * π / (1 − π) · n₀ / n₁ (what R's poisson.test reports). Undefined while control has no count or either no users.
 */
export function rateRatio(
  control: PoissonCounts,
  variant: PoissonCounts,
  confidence = 0.95,
): { ratio: number; interval: Interval } | undefined {
  if (!(control.count > 0 && control.users > 0 && variant.users > 0)) return undefined;
  const { x, total } = conditional(control, variant);
  const alpha = 1 - confidence;
  const toRatio = (p: number) => (p >= 1 ? Infinity : (p / (1 - p)) * (control.users / variant.users));
  const low = x > 0 ? betaQuantile(alpha / 2, x, total - x + 1) : 0;
  const high = x < total ? betaQuantile(1 - alpha / 2, x + 1, total - x) : 1;
  return {
    ratio: variant.count / variant.users / (control.count / control.users),
    interval: { low: toRatio(low), high: toRatio(high) },
  };
}

/** Binomial(n, p) probabilities: the mass at k, P(X ≤ k) and P(X ≥ k). */
function binomial(n: number, p: number) {
  const logChoose = logGamma(n + 1);
  return {
    mass: (k: number) =>
      Math.exp(
        logChoose - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p),
      ),
    atMost: (k: number) => (k < 0 ? 0 : k >= n ? 1 : incompleteBeta(1 - p, n - k, k + 1)),
    atLeast: (k: number) => (k <= 0 ? 1 : k > n ? 0 : incompleteBeta(p, k, n - k + 1)),
  };
}

/** The first k in [from, to] where `holds` turns true, for a condition that stays true once true (to + 1 if never). */
function firstWhere(from: number, to: number, holds: (k: number) => boolean): number {
  let low = from;
  let high = to + 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (holds(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The two-sided p-value of "equal rates" by the conditional binomial test: the total probability of the counts no
 * more likely than the one observed, as R's binom.test sums them (relative tolerance 1e-7). The mass is unimodal,
 * so the other tail's edge is found by bisection: the test stays cheap for counts in the millions.
 */
export function rateRatioTest(control: PoissonCounts, variant: PoissonCounts): number {
  if (!(control.users > 0 && variant.users > 0)) return 1;
  const { x, total, share } = conditional(control, variant);
  if (total === 0) return 1;
  const b = binomial(total, share);
  const expected = total * share;
  const limit = b.mass(x) * (1 + 1e-7);
  if (x === expected) return 1;
  if (x < expected) {
    // Above the mean the mass falls: from the first count as unlikely as x upwards.
    const edge = firstWhere(Math.ceil(expected), total, (k) => b.mass(k) <= limit);
    return Math.min(1, b.atMost(x) + b.atLeast(edge));
  }
  // Below the mean the mass rises: up to the last count as unlikely as x.
  const edge = firstWhere(0, Math.floor(expected), (k) => b.mass(k) > limit) - 1;
  return Math.min(1, b.atMost(edge) + b.atLeast(x));
}

/**
 * P(variant's rate > control's) with each rate's posterior Gamma(count + 1, users) (a flat prior on the rate). In
 * closed form: n₁λ₁ / (n₁λ₁ + n₀λ₀) is Beta(x₁ + 1, x₀ + 1), and λ₁ > λ₀ exactly when it exceeds n₁ / (n₀ + n₁).
 */
export function chanceToBeatPoisson(control: PoissonCounts, variant: PoissonCounts): number {
  if (!(control.users > 0 && variant.users > 0)) return 0.5;
  const share = variant.users / (control.users + variant.users);
  return 1 - incompleteBeta(share, variant.count + 1, control.count + 1);
}
