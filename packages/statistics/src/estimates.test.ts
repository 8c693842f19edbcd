import { describe, expect, it } from 'vitest';
import { conversionRate, meanEstimate, momentsOf, relativeLift } from './estimates.ts';
import { cupedAdjust } from './cuped.ts';
import { sampleRatioTest } from './sample-ratio.ts';
import { seededRandom } from './seeded-random.ts';

describe('conversion rate', () => {
  // Newcombe, "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17 (1998),
  // Table II: 81/263 has the Wilson score interval 0.2553 to 0.3662; 15/148 has 0.0624 to 0.1605.
  it.each([
    [263, 81, 0.2553, 0.3662],
    [148, 15, 0.0624, 0.1605],
  ])('%s users, %s conversions: Wilson interval %s–%s', (users, conversions, low, high) => {
    const { interval } = conversionRate({ users, conversions });
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('stays inside [0, 1] at the edges', () => {
    const { interval } = conversionRate({ users: 10, conversions: 0 });
    expect(interval.low).toBe(0);
    // Newcombe Table II: 0/10 has 0 to 0.2775.
    expect(interval.high).toBeCloseTo(0.2775, 4);
  });
});

describe('means', () => {
  it('computes mean, sample variance and a 95% interval', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7.
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    const moments = momentsOf({
      users: values.length,
      sum: values.reduce((a, b) => a + b, 0),
      sumOfSquares: values.reduce((a, b) => a + b * b, 0),
    });
    expect(moments.mean).toBe(5);
    expect(moments.variance).toBeCloseTo(32 / 7, 12);
    const { interval } = meanEstimate(moments);
    expect(interval.high - 5).toBeCloseTo(1.959963984540054 * Math.sqrt(32 / 7 / 8), 10);
  });

  it('gives the relative lift with an interval around it', () => {
    const lift = relativeLift(
      { users: 10_000, mean: 0.1, variance: 0.09 },
      { users: 10_000, mean: 0.11, variance: 0.0979 },
    )!;
    expect(lift.lift).toBeCloseTo(0.1, 12);
    expect(lift.interval.low).toBeLessThan(0.1);
    expect(lift.interval.high).toBeGreaterThan(0.1);
    expect(lift.interval.low).toBeGreaterThan(0);
  });
});

describe('sample ratio mismatch', () => {
  it('passes an even split and catches 45/55', () => {
    expect(sampleRatioTest([5000, 5000], [1, 1]).mismatch).toBe(false);
    expect(sampleRatioTest([5040, 4960], [1, 1]).mismatch).toBe(false);
    const broken = sampleRatioTest([4500, 5500], [1, 1]);
    // (500² / 5000) · 2 = 100 with one degree of freedom.
    expect(broken.statistic).toBeCloseTo(100, 10);
    expect(broken.pValue).toBeLessThan(1e-20);
    expect(broken.mismatch).toBe(true);
  });

  it('tests against the configured weights', () => {
    expect(sampleRatioTest([2000, 8000], [20, 80]).mismatch).toBe(false);
    expect(sampleRatioTest([5000, 5000], [20, 80]).mismatch).toBe(true);
  });
});

describe('CUPED', () => {
  it('removes the variance the pre-period explains and keeps the difference unbiased', () => {
    const random = seededRandom(7);
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const sums = [0, 1].map((effect) => {
      const s = { users: 0, sumY: 0, sumY2: 0, sumX: 0, sumX2: 0, sumXY: 0 };
      for (let i = 0; i < 20_000; i++) {
        const x = 10 + 3 * gaussian();
        const y = x + effect + gaussian();
        s.users++;
        s.sumX += x;
        s.sumX2 += x * x;
        s.sumY += y;
        s.sumY2 += y * y;
        s.sumXY += x * y;
      }
      return s;
    });
    const { theta, adjusted } = cupedAdjust(sums);
    expect(theta).toBeCloseTo(1, 1);
    // var(Y) = 9 + 1 = 10; what is left once X is used is the noise's 1 (ρ² = 0.9).
    expect(adjusted[0]!.variance).toBeGreaterThan(0.9);
    expect(adjusted[0]!.variance).toBeLessThan(1.1);
    expect(adjusted[1]!.mean - adjusted[0]!.mean).toBeCloseTo(1, 1);
  });
});
