/** Variant weights are parts of this total (thousandths): SDKs pick a bucket in 1..TOTAL_WEIGHT. */
export const TOTAL_WEIGHT = 1000;

export type WeightType = 'variable' | 'fix';

/** The parts of a variant its weight rules read; a variant without `weightType` is `variable`. */
export type WeightShape = { weight?: number | undefined; weightType?: WeightType | undefined };

const isFixed = (variant: WeightShape) => variant.weightType === 'fix';

/** The sum of the `fix` weights. */
export function fixedWeight(variants: readonly WeightShape[]): number {
  return variants.filter(isFixed).reduce((sum, variant) => sum + (variant.weight ?? 0), 0);
}

/**
 * Why these weights cannot be saved, or undefined. A list of only `fix` variants is fine: their weights then
 * count relative to their sum, as every SDK computes a bucket (docs/decisions/0002).
 */
export function weightProblem(variants: readonly WeightShape[]): string | undefined {
  if (variants.length === 0) return undefined;
  const fixedTotal = fixedWeight(variants);
  if (fixedTotal > TOTAL_WEIGHT)
    return `The "fix" weights add up to ${fixedTotal}, more than ${TOTAL_WEIGHT}`;
  if (variants.every(isFixed) && fixedTotal <= 0) {
    return 'The variant weights add up to 0; give at least one variant a weight';
  }
  return undefined;
}

/**
 * Spreads the weights: `fix` variants keep theirs, the `variable` ones share what is left of TOTAL_WEIGHT equally,
 * the remainder going one each to the first variable variants in the order given.
 */
export function spreadWeights<T extends WeightShape>(
  variants: readonly T[],
): (T & { weight: number; weightType: WeightType })[] {
  const variableCount = variants.filter((variant) => !isFixed(variant)).length;
  const left = Math.max(0, TOTAL_WEIGHT - fixedWeight(variants));
  const share = variableCount ? Math.floor(left / variableCount) : 0;
  let remainder = variableCount ? left % variableCount : 0;
  return variants.map((variant) => {
    if (isFixed(variant)) return { ...variant, weight: variant.weight ?? 0, weightType: 'fix' as const };
    const weight = share + (remainder > 0 ? 1 : 0);
    remainder--;
    return { ...variant, weight, weightType: 'variable' as const };
  });
}
