import { describe, expect, it } from 'vitest';
import type { Variant } from '../../api/wire.ts';
import { addVariant, percentOf, removeVariant, setFixedPercent } from './variant-weights.ts';

const sum = (variants: Variant[]) => variants.reduce((total, v) => total + v.weight, 0);
const v = (name: string, weight = 0, weightType: Variant['weightType'] = 'variable'): Variant => ({
  name,
  weight,
  weightType,
});

describe('variant weights', () => {
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

  it('clamps fixed percentages', () => {
    expect(setFixedPercent([v('a'), v('b')], 0, 150)[0]!.weight).toBe(1000);
    expect(setFixedPercent([v('a'), v('b')], 0, 20).map((x) => x.weight)).toEqual([200, 800]);
  });

  it('shows weights as percentages', () => {
    expect(percentOf(500)).toBe('50%');
    expect(percentOf(333)).toBe('33.3%');
  });
});
