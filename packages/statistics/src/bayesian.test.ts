import { describe, expect, it } from 'vitest';
import { chanceToBeatBeta, chanceToBeatNormal, expectedLossBeta, expectedLossNormal } from './bayesian.ts';
import { logBeta } from './distributions.ts';

/**
 * Evan Miller, "Formulas for Bayesian A/B Testing" (2015): for integer α_B,
 * P(p_B > p_A) = Σ_{i=0}^{α_B−1} B(α_A + i, β_A + β_B) / ((β_B + i) B(1 + i, β_B) B(α_A, β_A)).
 */
function evanMiller(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++)
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - logBeta(aA, bA));
  return total;
}

describe('chance to beat control (Beta-Binomial)', () => {
  it('is 1/2 for equal data and 2/3 for Beta(2, 1) against the uniform', () => {
    expect(chanceToBeatBeta({ users: 10, conversions: 3 }, { users: 10, conversions: 3 })).toBeCloseTo(
      0.5,
      9,
    );
    // Posterior Beta(2, 1) is one conversion of one user on the uniform prior; control has no data.
    expect(chanceToBeatBeta({ users: 0, conversions: 0 }, { users: 1, conversions: 1 })).toBeCloseTo(
      2 / 3,
      9,
    );
  });

  it.each([
    [
      { users: 1000, conversions: 100 },
      { users: 1000, conversions: 120 },
    ],
    [
      { users: 200, conversions: 30 },
      { users: 180, conversions: 21 },
    ],
    [
      { users: 5000, conversions: 400 },
      { users: 20, conversions: 3 },
    ],
  ])('matches Evan Miller’s closed form (%o vs %o)', (control, variant) => {
    const expected = evanMiller(
      1 + control.conversions,
      1 + control.users - control.conversions,
      1 + variant.conversions,
      1 + variant.users - variant.conversions,
    );
    expect(chanceToBeatBeta(control, variant)).toBeCloseTo(expected, 9);
  });

  it('expected loss is 1/6 for two uniforms, E|A − B| / 2', () => {
    expect(expectedLossBeta({ users: 0, conversions: 0 }, { users: 0, conversions: 0 })).toBeCloseTo(
      1 / 6,
      9,
    );
  });

  it('expected loss shrinks as the variant pulls ahead and grows when it falls behind', () => {
    const control = { users: 1000, conversions: 100 };
    const ahead = expectedLossBeta(control, { users: 1000, conversions: 130 });
    const behind = expectedLossBeta(control, { users: 1000, conversions: 70 });
    expect(ahead).toBeLessThan(0.001);
    // Behind by 3 points: the loss is about the gap itself.
    expect(behind).toBeGreaterThan(0.025);
    expect(behind).toBeLessThan(0.035);
  });
});

describe('normal approximation for means', () => {
  it('gives Φ(Δ/se) and the normal partial expectation', () => {
    const control = { users: 100, mean: 10, variance: 100 };
    const variant = { users: 100, mean: 12, variance: 100 };
    // se = √2; Φ(2/√2) = Φ(1.41421) = 0.9213503964748575.
    expect(chanceToBeatNormal(control, variant)).toBeCloseTo(0.9213503964748575, 10);
    // D = control − variant ~ N(−2, 2): E[D⁺] = √2·φ(√2) − 2·Φ(−√2) = 0.0427822...
    const s = Math.SQRT2;
    const phi = Math.exp(-1) / Math.sqrt(2 * Math.PI);
    expect(expectedLossNormal(control, variant)).toBeCloseTo(s * phi - 2 * (1 - 0.9213503964748575), 10);
  });
});
