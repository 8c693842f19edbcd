import { spreadWeights } from '@switchyard/rules';
import type { Variant } from '../../api/wire.ts';

// Every change re-spreads the weights by the server's rule, so they always add up to 100% when they can.

export function addVariant(variants: Variant[], name: string, stickiness = 'default'): Variant[] {
  return spreadWeights([...variants, { name, weight: 0, weightType: 'variable', stickiness }]);
}

export function removeVariant(variants: Variant[], index: number): Variant[] {
  return spreadWeights(variants.filter((_, i) => i !== index));
}

/** Fixes a variant at a percentage (0–100, one decimal), or frees it to share what is left. */
export function setFixedPercent(variants: Variant[], index: number, percent: number | null): Variant[] {
  return spreadWeights(
    variants.map((variant, i) => {
      if (i !== index) return variant;
      if (percent === null) return { ...variant, weightType: 'variable' as const };
      const weight = Math.round(Math.min(100, Math.max(0, percent)) * 10);
      return { ...variant, weightType: 'fix' as const, weight };
    }),
  );
}

export const percentOf = (weight: number) => `${(weight / 10).toFixed(weight % 10 === 0 ? 0 : 1)}%`;

/** Applies one stickiness to all variants: SDKs read the first variant's. */
export function setStickiness(variants: Variant[], stickiness: string): Variant[] {
  return variants.map((v) => ({ ...v, stickiness }));
}
