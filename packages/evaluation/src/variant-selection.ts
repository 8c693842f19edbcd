import { createFieldReader, type FieldReader } from './context.ts';
import { createNormalizedHasher, VARIANT_SEED } from './normalized-hash.ts';
import type { Runtime } from './runtime.ts';
import { createStickinessReader } from './stickiness.ts';
import type { Context, Payload, VariantDefinition, VariantOverride, VariantResult } from './types.ts';

/** Results are shared and frozen so choosing a variant allocates nothing. */
export const DISABLED_VARIANT: VariantResult = Object.freeze({
  name: 'disabled',
  enabled: false,
  feature_enabled: false,
  featureEnabled: false,
});
/** The flag is on but no variant applies (none defined, or every weight is 0). */
export const DISABLED_VARIANT_FLAG_ON: VariantResult = Object.freeze({
  name: 'disabled',
  enabled: false,
  feature_enabled: true,
  featureEnabled: true,
});

type Override = { read: FieldReader; values: ReadonlySet<string> };
type Choice = { weight: number; overrides: Override[]; result: VariantResult };

/** A variant list ready to pick from; `definitions` keeps the wire form for explanations. */
export type CompiledVariants = {
  definitions: readonly VariantDefinition[];
  select(context: Context, runtime: Runtime): VariantResult | undefined;
};

function toResult(variant: VariantDefinition): VariantResult {
  const result: VariantResult = {
    name: String(variant.name),
    enabled: true,
    feature_enabled: true,
    featureEnabled: true,
  };
  // The payload is copied as-is and the key left out when there is none, as the SDKs answer.
  if (variant.payload) {
    const payload: Payload = Object.freeze({ type: variant.payload.type, value: variant.payload.value });
    result.payload = payload;
  }
  return Object.freeze(result);
}

function weightOf(variant: VariantDefinition): number {
  const weight = Number(variant.weight);
  return Number.isFinite(weight) ? weight : 0;
}

/**
 * Compiles a variant list (feature or strategy variants); undefined when the list is empty.
 * Overrides win first, in list order; otherwise the stickiness id hashed as `"<groupId>:<id>"` with the
 * variant seed picks a bucket in 1..sum(weights), and the list is walked in order, skipping weight 0.
 * Stickiness comes from the first variant, else `fallbackStickiness` (a strategy's own parameter).
 */
export function compileVariants(
  variants: readonly VariantDefinition[] | undefined,
  groupId: string,
  fallbackStickiness?: string,
): CompiledVariants | undefined {
  if (!Array.isArray(variants) || variants.length === 0) return undefined;
  const choices: Choice[] = variants.map((variant) => ({
    weight: weightOf(variant),
    overrides: (variant.overrides ?? []).map((override: VariantOverride) => ({
      read: createFieldReader(String(override.contextName)),
      values: new Set((override.values ?? []).map(String)),
    })),
    result: toResult(variant),
  }));
  const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
  const withOverrides = choices.filter((choice) => choice.overrides.length > 0);
  const readId = createStickinessReader(variants[0]?.stickiness || fallbackStickiness, true);
  const bucket = createNormalizedHasher(groupId, total > 0 ? total : 1, VARIANT_SEED);

  const select = (context: Context, runtime: Runtime): VariantResult | undefined => {
    if (!(total > 0)) return undefined;
    for (const choice of withOverrides) {
      for (const override of choice.overrides) {
        const value = override.read(context);
        if (value !== undefined && override.values.has(value)) return choice.result;
      }
    }
    const id = readId(context);
    const target = id === undefined ? Math.floor(runtime.random() * total) + 1 : bucket(id);
    let running = 0;
    for (const choice of choices) {
      if (choice.weight === 0) continue;
      running += choice.weight;
      if (running >= target) return choice.result;
    }
    return undefined;
  };
  return { definitions: variants, select };
}
