import type { Variant } from '../../api/types.ts';

/** Weights are in thousandths: 1000 is 100%. */
export const TOTAL_WEIGHT = 1000;

/**
 * Gives every variable variant an equal share of what the fixed ones leave, the remainder going one each to
 * the first variable variants, as the server does. The result always adds up to 100% when it can.
 */
export function distributeWeights(variants: Variant[]): Variant[] {
  const fixed = variants.filter((v) => v.weightType === 'fix');
  const variableCount = variants.length - fixed.length;
  if (variableCount === 0) return variants;
  const left = Math.max(0, TOTAL_WEIGHT - fixed.reduce((sum, v) => sum + v.weight, 0));
  const share = Math.floor(left / variableCount);
  let remainder = left % variableCount;
  return variants.map((variant) => {
    if (variant.weightType === 'fix') return variant;
    const weight = share + (remainder > 0 ? 1 : 0);
    if (remainder > 0) remainder -= 1;
    return { ...variant, weightType: 'variable', weight };
  });
}

/** Why these variants cannot be saved as they are, or undefined. */
export function weightProblem(variants: Variant[]): string | undefined {
  if (variants.length === 0) return undefined;
  const fixedSum = variants.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + v.weight, 0);
  const hasVariable = variants.some((v) => v.weightType !== 'fix');
  if (variants.some((v) => v.weightType === 'fix' && (v.weight < 0 || v.weight > TOTAL_WEIGHT)))
    return 'A fixed weight must be between 0% and 100%';
  if (fixedSum > TOTAL_WEIGHT) return 'The fixed weights add up to more than 100%';
  if (!hasVariable) return 'At least one variant must have a variable weight';
  return undefined;
}

export function addVariant(variants: Variant[], name: string, stickiness = 'default'): Variant[] {
  return distributeWeights([...variants, { name, weight: 0, weightType: 'variable', stickiness }]);
}

export function removeVariant(variants: Variant[], index: number): Variant[] {
  return distributeWeights(variants.filter((_, i) => i !== index));
}

/** Fixes a variant at a percentage (0–100, one decimal), or frees it to share what is left. */
export function setFixedPercent(variants: Variant[], index: number, percent: number | null): Variant[] {
  return distributeWeights(
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
