import { describe, expect, it } from 'vitest';
import type { Variant } from '../../api/types.ts';
import {
  addVariant,
  distributeWeights,
  percentOf,
  removeVariant,
  setFixedPercent,
  weightProblem,
} from './variant-weights.ts';

const sum = (variants: Variant[]) => variants.reduce((total, v) => total + v.weight, 0);
const v = (name: string, weight = 0, weightType: Variant['weightType'] = 'variable'): Variant => ({
  name,
  weight,
  weightType,
});

describe('variant weights', () => {
  it('splits 100% between variable variants, remainder to the first ones', () => {
    const three = distributeWeights([v('a'), v('b'), v('c')]);
    expect(three.map((x) => x.weight)).toEqual([334, 333, 333]);
    expect(sum(three)).toBe(1000);
  });

  it('gives variable variants what fixed ones leave, like the server (800 over 3 is 267/267/266)', () => {
    const mixed = distributeWeights([v('fixed', 200, 'fix'), v('a'), v('b'), v('c')]);
    expect(mixed.map((x) => x.weight)).toEqual([200, 267, 267, 266]);
    expect(sum(mixed)).toBe(1000);
  });

  it('always adds up to 100% as variants come and go', () => {
    let variants: Variant[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      variants = addVariant(variants, name);
      expect(sum(variants)).toBe(1000);
    }
    variants = setFixedPercent(variants, 2, 33.3);
    expect(variants[2]).toMatchObject({ weight: 333, weightType: 'fix' });
    expect(sum(variants)).toBe(1000);
    variants = removeVariant(variants, 0);
    expect(variants).toHaveLength(6);
    expect(sum(variants)).toBe(1000);
    variants = setFixedPercent(variants, 1, null);
    expect(variants.every((x) => x.weightType === 'variable')).toBe(true);
    expect(sum(variants)).toBe(1000);
  });

  it('clamps fixed percentages and names what cannot be saved', () => {
    expect(setFixedPercent([v('a'), v('b')], 0, 150)[0]!.weight).toBe(1000);
    expect(weightProblem([v('a', 600, 'fix'), v('b', 500, 'fix'), v('c')])).toMatch(/more than 100%/);
    expect(weightProblem([v('a', 1000, 'fix')])).toMatch(/variable/);
    expect(weightProblem(distributeWeights([v('a', 500, 'fix'), v('b')]))).toBeUndefined();
    expect(weightProblem([])).toBeUndefined();
  });

  it('shows weights as percentages', () => {
    expect(percentOf(500)).toBe('50%');
    expect(percentOf(333)).toBe('33.3%');
  });
});
