import { betaPdf, incompleteBeta, normalCdf, normalPdf } from './distributions.ts';
import type { ConversionCounts, Moments } from './estimates.ts';

/** A Beta(alpha, beta) prior on a conversion rate; Beta(1, 1) (uniform) unless said otherwise. */
export type BetaPrior = { alpha: number; beta: number };
export const UNIFORM_PRIOR: BetaPrior = { alpha: 1, beta: 1 };

type Beta = { a: number; b: number };
const posterior = (counts: ConversionCounts, prior: BetaPrior): Beta => ({
  a: prior.alpha + counts.conversions,
  b: prior.beta + counts.users - counts.conversions,
});
const sdOf = ({ a, b }: Beta) => Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
const meanOf = ({ a, b }: Beta) => a / (a + b);

/** Composite Simpson's rule over the range where a Beta density has its mass (±12 standard deviations). */
function integrateOver(over: Beta, integrand: (x: number) => number, intervals = 4096): number {
  const centre = meanOf(over);
  const spread = 12 * sdOf(over);
  const low = Math.max(0, centre - spread);
  const high = Math.min(1, centre + spread);
  const h = (high - low) / intervals;
  let sum = 0;
  for (let i = 0; i <= intervals; i++) {
    const x = low + i * h;
    const weight = i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2;
    sum += weight * betaPdf(x, over.a, over.b) * integrand(x);
  }
  return (sum * h) / 3;
}

/**
 * P(variant's rate > control's rate) under independent Beta posteriors: ∫ f_V(x) F_C(x) dx, integrated
 * numerically over the narrower of the two densities (the other one's distribution function is smooth there).
 * Deterministic; agrees with Evan Miller's closed form for integer parameters to 1e-9.
 */
export function chanceToBeatBeta(
  control: ConversionCounts,
  variant: ConversionCounts,
  prior: BetaPrior = UNIFORM_PRIOR,
): number {
  const c = posterior(control, prior);
  const v = posterior(variant, prior);
  const chance =
    sdOf(v) <= sdOf(c)
      ? integrateOver(v, (x) => incompleteBeta(x, c.a, c.b))
      : 1 - integrateOver(c, (x) => incompleteBeta(x, v.a, v.b));
  return Math.min(1, Math.max(0, chance));
}

/** E[(Y − x)⁺] for Y ~ Beta(a, b): mean·(1 − I_x(a + 1, b)) − x·(1 − I_x(a, b)). */
function aboveBy({ a, b }: Beta, x: number): number {
  return (a / (a + b)) * (1 - incompleteBeta(x, a + 1, b)) - x * (1 - incompleteBeta(x, a, b));
}
/** E[(x − Y)⁺] = x − E[Y] + E[(Y − x)⁺]. */
function belowBy(beta: Beta, x: number): number {
  return x - meanOf(beta) + aboveBy(beta, x);
}

/**
 * The expected loss of shipping the variant: E[max(control − variant, 0)], in rate units (what is given up, on
 * average, if the variant is in fact worse). Chris Stucchio's decision rule ships when it falls below a threshold
 * of caring.
 */
export function expectedLossBeta(
  control: ConversionCounts,
  variant: ConversionCounts,
  prior: BetaPrior = UNIFORM_PRIOR,
): number {
  const c = posterior(control, prior);
  const v = posterior(variant, prior);
  const loss =
    sdOf(v) <= sdOf(c) ? integrateOver(v, (x) => aboveBy(c, x)) : integrateOver(c, (x) => belowBy(v, x));
  return Math.max(0, loss);
}

/** Normal approximation for means: the difference of the two means is N(Δ, se²). */
function difference(control: Moments, variant: Moments): { delta: number; se: number } {
  return {
    delta: variant.mean - control.mean,
    se: Math.sqrt(
      variant.variance / Math.max(1, variant.users) + control.variance / Math.max(1, control.users),
    ),
  };
}

/** P(variant's mean > control's mean) under flat priors and the normal approximation. */
export function chanceToBeatNormal(control: Moments, variant: Moments): number {
  const { delta, se } = difference(control, variant);
  if (se === 0) return delta > 0 ? 1 : delta < 0 ? 0 : 0.5;
  return normalCdf(delta / se);
}

/** E[max(control − variant, 0)] for D = control − variant ~ N(m, s²): s·φ(m/s) + m·Φ(m/s). */
export function expectedLossNormal(control: Moments, variant: Moments): number {
  const { delta, se } = difference(control, variant);
  const m = -delta;
  if (se === 0) return Math.max(0, m);
  return se * normalPdf(m / se) + m * normalCdf(m / se);
}
