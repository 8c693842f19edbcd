import { describe, expect, it } from 'vitest';
import {
  chiSquareSurvival,
  incompleteBeta,
  logGamma,
  lowerGamma,
  normalCdf,
  normalQuantile,
} from './distributions.ts';

describe('normal distribution', () => {
  // Abramowitz and Stegun, Handbook of Mathematical Functions, Table 26.1 (to 10 or more places).
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [1.96, 0.9750021048517795],
    [-3, 0.0013498980316301],
    [-6, 9.865876450376946e-10],
  ])('Φ(%s) = %s', (x, expected) => {
    expect(normalCdf(x)).toBeCloseTo(expected, 12);
    expect(Math.abs(normalCdf(x) - expected) / expected).toBeLessThan(1e-9);
  });

  // Standard normal quantiles as printed in every table of critical values (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.1).
  it.each([
    [0.95, 1.6448536269514722],
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489004],
    [0.001, -3.090232306167813],
  ])('Φ⁻¹(%s) = %s', (p, expected) => {
    expect(normalQuantile(p)).toBeCloseTo(expected, 10);
  });
});

describe('gamma functions', () => {
  it('ln Γ matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 11);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
  });

  it('P(1, x) = 1 − e^(−x), the exponential distribution', () => {
    expect(lowerGamma(1, 2)).toBeCloseTo(1 - Math.exp(-2), 14);
    expect(lowerGamma(1, 0.1)).toBeCloseTo(1 - Math.exp(-0.1), 14);
  });

  // Chi-square upper critical values, NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.4, and R's
  // qchisq() to full precision: the survival function at each is the stated α.
  it.each([
    [3.841458820694124, 1, 0.05],
    [10.827566170662733, 1, 0.001],
    [5.991464547107979, 2, 0.05],
    [7.814727903251178, 3, 0.05],
    [18.307038053275146, 10, 0.05],
    [6.6348966010212145, 1, 0.01],
  ])('χ² %s with %s degrees of freedom has p = %s', (x, degrees, alpha) => {
    expect(chiSquareSurvival(x, degrees)).toBeCloseTo(alpha, 12);
  });
});

describe('incomplete beta', () => {
  /** I_x(a, n − a + 1) = P(Binomial(n, x) ≥ a) for integer a (Abramowitz and Stegun 26.5.24). */
  const binomialTail = (n: number, a: number, x: number) => {
    let sum = 0;
    for (let k = a; k <= n; k++) {
      let choose = 1;
      for (let j = 1; j <= k; j++) choose = (choose * (n - k + j)) / j;
      sum += choose * x ** k * (1 - x) ** (n - k);
    }
    return sum;
  };

  it('I_0.5(2, 3) = 11/16', () => {
    expect(incompleteBeta(0.5, 2, 3)).toBeCloseTo(11 / 16, 14);
  });

  it('I_x(a, 1) = x^a', () => {
    expect(incompleteBeta(0.3, 4, 1)).toBeCloseTo(0.3 ** 4, 14);
  });

  it.each([
    [0.3, 5, 7],
    [0.8, 30, 10],
    [0.12, 12, 90],
  ])('I_%s(%s, %s) equals the binomial tail', (x, a, b) => {
    expect(incompleteBeta(x, a, b)).toBeCloseTo(binomialTail(a + b - 1, a, x), 12);
  });
});
