import { describe, expect, it } from 'vitest';
import { cupedAdjust, type CovariateSums } from './cuped.ts';
import { seededRandom } from './seeded-random.ts';

/** Sufficient statistics of (x, y) pairs, as the database keeps them. */
const sums = (pairs: [number, number][]): CovariateSums => ({
  users: pairs.length,
  sumX: pairs.reduce((s, [x]) => s + x, 0),
  sumY: pairs.reduce((s, [, y]) => s + y, 0),
  sumX2: pairs.reduce((s, [x]) => s + x * x, 0),
  sumY2: pairs.reduce((s, [, y]) => s + y * y, 0),
  sumXY: pairs.reduce((s, [x, y]) => s + x * y, 0),
});

describe('cupedAdjust', () => {
  it('matches a worked example computed by hand', () => {
    // Control (x, y): (1,2) (2,3) (3,5); treatment: (1,3) (2,5) (3,6).
    // Within control: Sxx = 14 − 6²/3 = 2, Sxy = 23 − 6·10/3 = 3, Syy = 38 − 10²/3 = 14/3; treatment: Sxx = 2,
    // Sxy = 31 − 6·14/3 = 3, Syy = 70 − 14²/3 = 14/3. Pooled θ = (3 + 3) / (2 + 2) = 1.5; E[X] = 12/6 = 2.
    // Y' = y − 1.5(x − 2): control 3.5, 3, 3.5 (mean 10/3, sample variance 1/12); treatment 4.5, 5, 4.5 (14/3, 1/12).
    // Variance reduction = 1 − (1/12)/(7/3) = 1 − 1/28 = 27/28 = ρ² with ρ = 1.5 / √(7/3 · 1) (Deng et al. 2013, §3).
    const { theta, adjusted, varianceReduction } = cupedAdjust([
      sums([
        [1, 2],
        [2, 3],
        [3, 5],
      ]),
      sums([
        [1, 3],
        [2, 5],
        [3, 6],
      ]),
    ]);
    expect(theta).toBeCloseTo(1.5, 12);
    expect(adjusted[0]!.mean).toBeCloseTo(10 / 3, 12);
    expect(adjusted[1]!.mean).toBeCloseTo(14 / 3, 12);
    expect(adjusted[0]!.variance).toBeCloseTo(1 / 12, 12);
    expect(adjusted[1]!.variance).toBeCloseTo(1 / 12, 12);
    expect(varianceReduction).toBeCloseTo(27 / 28, 12);
  });

  it('moves each mean by θ times its covariate imbalance', () => {
    // Control's x averages 1.5 and treatment's 2.5 (E[X] = 2): θ = 1 (y = x + c within each variant), so
    // control's mean 3.5 rises by 0.5 to 4 and treatment's 5.5 falls by 0.5 to 5; no variance is left.
    const { theta, adjusted, varianceReduction } = cupedAdjust([
      sums([
        [1, 3],
        [2, 4],
      ]),
      sums([
        [2, 5],
        [3, 6],
      ]),
    ]);
    expect(theta).toBeCloseTo(1, 12);
    expect(adjusted.map((each) => each.mean)).toEqual([4, 5].map((v) => expect.closeTo(v, 12)));
    expect(adjusted.map((each) => each.variance)).toEqual([0, 0].map(() => expect.closeTo(0, 12)));
    expect(varianceReduction).toBeCloseTo(1, 12);
  });

  it('leaves the moments as they are when the covariate does not vary', () => {
    const { theta, adjusted, varianceReduction } = cupedAdjust([
      sums([
        [0, 1],
        [0, 3],
      ]),
      sums([
        [0, 2],
        [0, 6],
      ]),
    ]);
    expect(theta).toBe(0);
    expect(varianceReduction).toBe(0);
    expect(adjusted.map((each) => each.mean)).toEqual([2, 4]);
    expect(adjusted.map((each) => each.variance)).toEqual([2, 8]);
  });

  it('keeps the effect unbiased and shrinks the variance by about ρ² on seeded data', () => {
    // y = 10 + 0.8x + e, x ~ N(0, 1)-ish, e ~ U(−1, 1) (variance 1/3): ρ² = 0.64 / (0.64 + 1/3) ≈ 0.658. True effect 0.5.
    const random = seededRandom(39);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const draw = (effect: number): [number, number][] =>
      Array.from({ length: 20_000 }, () => {
        const x = normal();
        return [x, 10 + effect + 0.8 * x + (2 * random() - 1)];
      });
    const { theta, adjusted, varianceReduction } = cupedAdjust([sums(draw(0)), sums(draw(0.5))]);
    expect(theta).toBeGreaterThan(0.77);
    expect(theta).toBeLessThan(0.83);
    expect(adjusted[1]!.mean - adjusted[0]!.mean).toBeGreaterThan(0.48);
    expect(adjusted[1]!.mean - adjusted[0]!.mean).toBeLessThan(0.52);
    expect(varianceReduction).toBeGreaterThan(0.63);
    expect(varianceReduction).toBeLessThan(0.69);
  });
});
