import { describe, expect, it } from 'vitest';
import { createRuntime } from './runtime.ts';
import type { Context, EvaluationOptions, VariantDefinition } from './types.ts';
import { compileVariants } from './variant-selection.ts';

// Feature.Variants.C:<id> with the variant seed, modulus 99: 232 → 18, 607 → 58, 656 → 94.
const THIRDS: VariantDefinition[] = [
  { name: 'one', weight: 33 },
  { name: 'two', weight: 33 },
  { name: 'three', weight: 33 },
];

function pick(
  variants: VariantDefinition[],
  context: Context,
  options: EvaluationOptions = {},
  groupId = 'Feature.Variants.C',
): string | undefined {
  return compileVariants(variants, groupId)?.select(context, createRuntime(options))?.name;
}

describe('compileVariants', () => {
  it('walks the weights in list order', () => {
    expect(pick(THIRDS, { userId: '232' })).toBe('one');
    expect(pick(THIRDS, { userId: '607' })).toBe('two');
    expect(pick(THIRDS, { userId: '656' })).toBe('three');
    expect(pick([...THIRDS].reverse(), { userId: '656' })).toBe('one');
  });

  it('uses the weights as given, whatever the weightType', () => {
    const variants: VariantDefinition[] = [
      { name: 'fixed', weight: 18, weightType: 'fix' },
      { name: 'rest', weight: 81, weightType: 'variable' },
    ];
    expect(pick(variants, { userId: '232' })).toBe('fixed');
    expect(pick(variants, { userId: '607' })).toBe('rest');
  });

  it('skips zero weights and chooses nothing when all are zero', () => {
    expect(
      pick(
        [
          { name: 'never', weight: 0 },
          { name: 'always', weight: 1 },
        ],
        { userId: '1' },
      ),
    ).toBe('always');
    expect(
      pick(
        [
          { name: 'a', weight: 0 },
          { name: 'b', weight: 0 },
        ],
        { userId: '1' },
      ),
    ).toBeUndefined();
    expect(compileVariants([], 'g')).toBeUndefined();
  });

  it('falls back from userId to sessionId to remoteAddress for default stickiness', () => {
    expect(pick(THIRDS, { sessionId: '607' })).toBe('two');
    expect(pick(THIRDS, { remoteAddress: '656' })).toBe('three');
    expect(pick(THIRDS, { userId: '', sessionId: '232', remoteAddress: '656' })).toBe('one');
  });

  it('takes a custom stickiness field from the first variant, root or property', () => {
    const custom = THIRDS.map((variant) => ({ ...variant, stickiness: 'tenant' }));
    expect(pick(custom, { properties: { tenant: '607' } })).toBe('two');
    expect(pick(custom, { tenant: '656' })).toBe('three');
    expect(pick(custom, { userId: '607' }, { random: () => 0 })).toBe('one');
    expect(pick(custom, { userId: '607' }, { random: () => 0.99 })).toBe('three');
  });

  it('lets overrides win, in list order, matching any context field exactly', () => {
    const variants: VariantDefinition[] = [
      { name: 'one', weight: 33, overrides: [{ contextName: 'plan', values: ['gold'] }] },
      { name: 'two', weight: 33, overrides: [{ contextName: 'userId', values: ['656', '1'] }] },
      { name: 'three', weight: 33, overrides: [{ contextName: 'plan', values: ['gold', 'silver'] }] },
    ];
    expect(pick(variants, { userId: '656', properties: { plan: 'gold' } })).toBe('one');
    expect(pick(variants, { userId: '656', properties: { plan: 'bronze' } })).toBe('two');
    expect(pick(variants, { userId: '232', properties: { plan: 'silver' } })).toBe('three');
    expect(pick(variants, { userId: '232', properties: { plan: 'Gold' } })).toBe('one');
  });

  it('passes every payload type through untouched, and omits a missing payload', () => {
    const payloads = [
      { type: 'string', value: 'plain text' },
      { type: 'json', value: '{"a":[1,2]}' },
      { type: 'csv', value: 'a,b\n1,2' },
      { type: 'number', value: '1.50' },
    ];
    for (const payload of payloads) {
      const result = compileVariants([{ name: 'v', weight: 1, payload }], 'g')?.select({}, createRuntime());
      expect(result).toStrictEqual({
        name: 'v',
        enabled: true,
        feature_enabled: true,
        featureEnabled: true,
        payload,
      });
    }
    const bare = compileVariants([{ name: 'v', weight: 1 }], 'g')?.select({}, createRuntime());
    expect(bare && 'payload' in bare).toBe(false);
  });

  it('returns the same frozen result object every time', () => {
    const compiled = compileVariants(THIRDS, 'Feature.Variants.C');
    const first = compiled?.select({ userId: '232' }, createRuntime());
    expect(compiled?.select({ userId: '232' }, createRuntime())).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});
