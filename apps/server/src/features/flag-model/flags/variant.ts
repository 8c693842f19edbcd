import { spreadWeights, weightProblem } from '@switchyard/rules';
import { BadDataError, type ErrorDetail } from '../../../http/errors.ts';
import type { Override, Payload, Variant, WeightType } from './flag.ts';

export const PAYLOAD_TYPES = ['string', 'json', 'csv', 'number'] as const;

export type VariantInput = {
  name: string;
  weight?: number;
  weightType?: WeightType;
  stickiness?: string;
  payload?: Payload;
  overrides?: Override[];
};

function payloadProblem(payload: Payload): string | undefined {
  if (payload.type === 'json') {
    try {
      JSON.parse(payload.value);
    } catch {
      return 'the payload is not valid JSON';
    }
  }
  if (payload.type === 'number' && (payload.value.trim() === '' || !Number.isFinite(Number(payload.value)))) {
    return 'the payload is not a number';
  }
  return undefined;
}

/**
 * Validates variants and spreads the weights the way Unleash does: `fix` variants keep their weight, the
 * `variable` ones (the default) share what is left of 1000 equally, the remainder going one each to the first
 * variable variants in the order given. Unlike Unleash, the order given is kept (it decides which bucket each
 * variant gets, so it is the user's to choose), a list of only `fix` variants is accepted (their weights are then
 * relative to their sum, as every SDK computes them), and a variant without stickiness keeps none, so strategy
 * variants inherit the strategy's.
 */
export function normalizeVariants(
  inputs: VariantInput[],
  path: string,
  defaultStickiness?: string,
): Variant[] {
  if (inputs.length === 0) return [];
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    if (seen.has(input.name)) {
      problems.push({
        message: `Variant names must be unique; "${input.name}" appears twice`,
        path: `${path}/${index}/name`,
      });
    }
    seen.add(input.name);
    const problem = input.payload && payloadProblem(input.payload);
    if (problem)
      problems.push({
        message: `Variant "${input.name}": ${problem}`,
        path: `${path}/${index}/payload/value`,
      });
    if ((input.weightType ?? 'variable') === 'fix' && input.weight === undefined) {
      problems.push({
        message: `Variant "${input.name}" has weightType "fix" but no weight`,
        path: `${path}/${index}/weight`,
      });
    }
  });
  const problem = weightProblem(inputs);
  if (problem) problems.push({ message: problem, path });
  if (problems.length) throw new BadDataError(problems[0]!.message, problems);

  const variants = spreadWeights(inputs).map((input): Variant => {
    const variant: Variant = { name: input.name, weight: input.weight, weightType: input.weightType };
    const stickiness = input.stickiness ?? defaultStickiness;
    if (stickiness) variant.stickiness = stickiness;
    if (input.payload) variant.payload = { type: input.payload.type, value: input.payload.value };
    if (input.overrides)
      variant.overrides = input.overrides.map((o) => ({ contextName: o.contextName, values: o.values }));
    return variant;
  });
  return variants;
}
