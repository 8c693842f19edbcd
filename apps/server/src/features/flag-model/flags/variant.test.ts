import { describe, expect, it } from 'vitest';
import { BadDataError } from '../../../http/errors.ts';
import { normalizeVariants } from './variant.ts';

describe('normalizeVariants', () => {
  it('spreads 1000 over variable variants, remainder to the first ones in input order', () => {
    const variants = normalizeVariants([{ name: 'c' }, { name: 'b' }, { name: 'a' }], '/body');
    expect(variants.map((v) => [v.name, v.weight])).toEqual([
      ['c', 334],
      ['b', 333],
      ['a', 333],
    ]);
  });

  it('keeps fix weights and shares the rest (1000-200 over 3 gives 267/267/266)', () => {
    const variants = normalizeVariants(
      [
        { name: 'x', weight: 1, weightType: 'variable' },
        { name: 'fixed', weight: 200, weightType: 'fix' },
        { name: 'y', weight: 999 },
        { name: 'z' },
      ],
      '/body',
    );
    expect(Object.fromEntries(variants.map((v) => [v.name, v.weight]))).toEqual({
      x: 267,
      y: 267,
      z: 266,
      fixed: 200,
    });
    expect(variants.reduce((sum, v) => sum + v.weight, 0)).toBe(1000);
  });

  it('keeps the order given, which decides the bucket of each variant', () => {
    const names = normalizeVariants(
      [{ name: 'zz' }, { name: 'Mm' }, { name: 'bb' }, { name: 'aa' }],
      '/body',
    ).map((v) => v.name);
    expect(names).toEqual(['zz', 'Mm', 'bb', 'aa']);
  });

  it('accepts a list of only fix variants, keeping their weights as given', () => {
    const variants = normalizeVariants(
      [
        { name: 'a', weight: 1, weightType: 'fix' },
        { name: 'b', weight: 49, weightType: 'fix' },
        { name: 'c', weight: 50, weightType: 'fix' },
      ],
      '/body',
    );
    expect(variants.map((v) => v.weight)).toEqual([1, 49, 50]);
  });

  it('fills the given default stickiness, or none, and keeps payload and overrides', () => {
    const [variant] = normalizeVariants(
      [
        {
          name: 'a',
          payload: { type: 'json', value: '{"a":1}' },
          overrides: [{ contextName: 'userId', values: ['1'] }],
        },
      ],
      '/body',
      'userId',
    );
    expect(variant).toEqual({
      name: 'a',
      weight: 1000,
      weightType: 'variable',
      stickiness: 'userId',
      payload: { type: 'json', value: '{"a":1}' },
      overrides: [{ contextName: 'userId', values: ['1'] }],
    });
    expect(normalizeVariants([{ name: 'b' }], '/body')[0]).toEqual({
      name: 'b',
      weight: 1000,
      weightType: 'variable',
    });
  });

  it.each([
    [[{ name: 'a', weight: 0, weightType: 'fix' as const }], 'add up to 0'],
    [
      [
        { name: 'a', weight: 600, weightType: 'fix' as const },
        { name: 'b', weight: 600, weightType: 'fix' as const },
        { name: 'c' },
      ],
      'more than 1000',
    ],
    [[{ name: 'a' }, { name: 'a' }], 'unique'],
    [[{ name: 'a', payload: { type: 'json', value: '{nope' } }], 'not valid JSON'],
    [[{ name: 'a', payload: { type: 'number', value: 'ten' } }], 'not a number'],
  ])('refuses bad lists (%#)', (inputs, message) => {
    expect(() => normalizeVariants(inputs, '/body')).toThrow(BadDataError);
    expect(() => normalizeVariants(inputs, '/body')).toThrow(message);
  });

  it('returns an empty list for no variants', () => {
    expect(normalizeVariants([], '/body')).toEqual([]);
  });
});
