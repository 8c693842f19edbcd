import { describe, expect, it } from 'vitest';
import { compareCounts } from './compare.ts';
import {
  betaQuantile,
  chanceToBeatPoisson,
  gammaQuantile,
  poissonRate,
  rateRatio,
  rateRatioTest,
} from './poisson.ts';

describe('exact Poisson limits (Garwood 1936)', () => {
  // The exact 95% limits for an observed count, as tabulated by Ulm, "A simple method to calculate the confidence
  // interval of a standardized mortality ratio", Am J Epidemiol 131 (1990) 373: 10 → 4.795 to 18.390, 0 → 0 to 3.689.
  it.each([
    [10, 4.795389, 18.390356],
    [0, 0, 3.688879],
  ])('count %s has limits %s to %s', (count, low, high) => {
    const { rate, interval } = poissonRate({ users: 1, count });
    expect(rate).toBe(count);
    expect(interval.low).toBeCloseTo(low, 5);
    expect(interval.high).toBeCloseTo(high, 5);
  });

  it('divides the limits by the users', () => {
    const { rate, interval } = poissonRate({ users: 100, count: 10 });
    expect(rate).toBe(0.1);
    expect(interval.low).toBeCloseTo(0.04795389, 7);
    expect(interval.high).toBeCloseTo(0.18390356, 7);
  });

  it('inverts the gamma and beta distributions (χ²₀.₉₇₅ with 2 degrees of freedom is 7.3778, NIST table 1.3.6.7.4)', () => {
    expect(2 * gammaQuantile(0.975, 1)).toBeCloseTo(7.377759, 5);
    // Beta(1, 1) is uniform; Beta(2, 1) has distribution function x², so its median is √½.
    expect(betaQuantile(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(betaQuantile(0.5, 2, 1)).toBeCloseTo(Math.SQRT1_2, 12);
  });
});

describe('comparing two Poisson rates', () => {
  // R's documentation of poisson.test, "Rates in Sweden (Breslow & Day)": poisson.test(c(11, 6+8+7),
  // c(800, 1083+1050+878)) prints p-value = 0.07967, 95% interval 0.8584264 to 4.2772659, rate ratio 1.971488.
  const sweden = {
    control: { users: 1083 + 1050 + 878, count: 6 + 8 + 7 },
    variant: { users: 800, count: 11 },
  };

  it('matches R poisson.test on the Breslow & Day rates', () => {
    expect(rateRatioTest(sweden.control, sweden.variant)).toBeCloseTo(0.07967, 5);
    const ratio = rateRatio(sweden.control, sweden.variant)!;
    expect(ratio.ratio).toBeCloseTo(1.971488, 6);
    expect(ratio.interval.low).toBeCloseTo(0.8584264, 6);
    expect(ratio.interval.high).toBeCloseTo(4.2772659, 6);
  });

  // The same test and interval computed by SciPy 1.17 (scipy.stats.binomtest with p = n₁ / (n₀ + n₁), and its exact
  // proportion_ci mapped to the ratio): the lower tail, and counts in the thousands and millions.
  it.each([
    [
      { users: 1200, count: 15 },
      { users: 1000, count: 3 },
      0.01634650636686278,
      [0.0445358176835807, 0.8484020029497712],
    ],
    [
      { users: 50_000, count: 10_000 },
      { users: 50_000, count: 10_400 },
      0.005211904014323954,
      [1.0117425309621813, 1.0690506370578934],
    ],
    [
      { users: 1_000_000, count: 1_230_000 },
      { users: 1_000_000, count: 1_234_567 },
      0.0036319335955187185,
      undefined,
    ],
  ])('matches SciPy for %j against %j', (control, variant, p, interval) => {
    expect(rateRatioTest(control, variant)).toBeCloseTo(p, 6);
    if (interval) {
      const ratio = rateRatio(control, variant)!;
      expect(ratio.interval.low).toBeCloseTo(interval[0]!, 6);
      expect(ratio.interval.high).toBeCloseTo(interval[1]!, 6);
    }
  });

  it('finds nothing in equal rates, and no ratio without a control count', () => {
    expect(rateRatioTest({ users: 500, count: 40 }, { users: 500, count: 40 })).toBe(1);
    expect(rateRatioTest({ users: 500, count: 0 }, { users: 500, count: 0 })).toBe(1);
    expect(rateRatio({ users: 500, count: 0 }, { users: 500, count: 3 })).toBeUndefined();
  });

  it('gives the chance to beat control in closed form', () => {
    // 1 − I_{n₁/(n₀+n₁)}(x₁ + 1, x₀ + 1): SciPy's beta.sf(800/3811, 12, 22) and beta.sf(1000/2200, 4, 16).
    expect(chanceToBeatPoisson(sweden.control, sweden.variant)).toBeCloseTo(0.9692269199441819, 8);
    expect(chanceToBeatPoisson({ users: 1200, count: 15 }, { users: 1000, count: 3 })).toBeCloseTo(
      0.006938068554964335,
      8,
    );
    // Equal counts over equal users: a coin toss.
    expect(chanceToBeatPoisson({ users: 700, count: 30 }, { users: 700, count: 30 })).toBeCloseTo(0.5, 12);
  });

  it('compares a variant with control: estimate, lift, exact p-value, chance and a sequential test', () => {
    const control = { users: 2000, count: 200 };
    const variant = { users: 2000, count: 400 };
    expect(compareCounts(control, control, { isControl: true })).toEqual({
      estimate: 0.1,
      interval: poissonRate(control).interval,
    });
    const compared = compareCounts(control, variant);
    expect(compared.estimate).toBe(0.2);
    expect(compared.lift!.lift).toBeCloseTo(1, 12);
    expect(compared.lift!.interval.low).toBeGreaterThan(0.5);
    expect(compared.pValue).toBeLessThan(1e-10);
    expect(compared.chanceToBeatControl).toBeGreaterThan(0.9999);
    expect(compared.sequential!.pValue).toBeLessThan(0.001);
    const same = compareCounts(control, { users: 2000, count: 205 });
    expect(same.pValue).toBeGreaterThan(0.5);
    expect(same.sequential!.pValue).toBeGreaterThan(0.05);
  });
});
