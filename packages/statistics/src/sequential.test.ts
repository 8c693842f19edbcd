import { describe, expect, it } from 'vitest';
import { normalCdf } from './distributions.ts';
import { momentsOf } from './estimates.ts';
import { sequentialTest } from './sequential.ts';
import { seededRandom } from './seeded-random.ts';

/** 200 seeded A/A experiments, each looked at every 100 users per arm up to 5,000: how many ever call a winner. */
function falsePositives(
  test: (control: ReturnType<typeof momentsOf>, variant: ReturnType<typeof momentsOf>) => number,
) {
  let positives = 0;
  for (let run = 0; run < 200; run++) {
    const random = seededRandom(1000 + run);
    const arms = [0, 1].map(() => ({ users: 0, sum: 0, sumOfSquares: 0 }));
    let rejected = false;
    for (let user = 1; user <= 5000; user++) {
      for (const arm of arms) {
        const converted = random() < 0.1 ? 1 : 0;
        arm.users++;
        arm.sum += converted;
        arm.sumOfSquares += converted;
      }
      if (user % 100 === 0 && test(momentsOf(arms[0]!), momentsOf(arms[1]!)) < 0.05) rejected = true;
    }
    if (rejected) positives++;
  }
  return positives / 200;
}

describe('always-valid sequential test', () => {
  it('keeps the A/A false-positive rate within 5% when peeking 50 times', () => {
    const rate = falsePositives((control, variant) => sequentialTest(control, variant).pValue);
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('where a fixed-horizon z-test read at every peek calls far more false winners', () => {
    const naive = falsePositives((control, variant) => {
      const se = Math.sqrt(control.variance / control.users + variant.variance / variant.users);
      return se === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(variant.mean - control.mean) / se));
    });
    expect(naive).toBeGreaterThan(0.1);
  });

  it('detects a real difference, and its interval covers it', () => {
    const control = { users: 20_000, mean: 0.1, variance: 0.09 };
    const variant = { users: 20_000, mean: 0.115, variance: 0.115 * 0.885 };
    const result = sequentialTest(control, variant);
    expect(result.pValue).toBeLessThan(0.01);
    expect(result.interval.low).toBeGreaterThan(0);
    expect(result.interval.high).toBeGreaterThan(0.015);
  });

  it('matches the mixture likelihood ratio of Johari et al. for a hand-computed case', () => {
    // V = 2·0.25/10000 = 5e-5, τ² = 0.01·0.25 = 2.5e-3, Δ = 0.02:
    // Λ = √(V/(V+τ²))·exp(τ²Δ²/(2V(V+τ²))) = √(1/51)·exp(4)
    const moments = { users: 10_000, mean: 0.5, variance: 0.25 };
    const result = sequentialTest(moments, { ...moments, mean: 0.52 });
    expect(result.pValue).toBeCloseTo(
      1 / (Math.sqrt(1 / 51) * Math.exp((2.5e-3 * 4e-4) / (2 * 5e-5 * 2.55e-3))),
      10,
    );
  });
});
