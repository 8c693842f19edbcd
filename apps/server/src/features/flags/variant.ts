import { BadDataError, type ErrorDetail } from '../../http/errors.ts';
import type { Override, Payload, Variant, WeightType } from './flag.ts';

/** Variant weights are parts of this total; SDKs pick a bucket in 1..TOTAL_WEIGHT. */
export const TOTAL_WEIGHT = 1000;
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
  const variable = inputs.filter((input) => (input.weightType ?? 'variable') === 'variable');
  const fixedTotal = inputs
    .filter((input) => input.weightType === 'fix')
    .reduce((sum, input) => sum + (input.weight ?? 0), 0);
  if (fixedTotal > TOTAL_WEIGHT) {
    problems.push({ message: `The "fix" weights add up to ${fixedTotal}, more than ${TOTAL_WEIGHT}`, path });
  }
  if (variable.length === 0 && fixedTotal <= 0) {
    problems.push({ message: 'The variant weights add up to 0; give at least one variant a weight', path });
  }
  if (problems.length) throw new BadDataError(problems[0]!.message, problems);

  const share = variable.length ? Math.floor((TOTAL_WEIGHT - fixedTotal) / variable.length) : 0;
  let remainder = variable.length ? (TOTAL_WEIGHT - fixedTotal) % variable.length : 0;
  const variants = inputs.map((input): Variant => {
    const weightType = input.weightType ?? 'variable';
    let weight = input.weight ?? 0;
    if (weightType === 'variable') {
      weight = share + (remainder > 0 ? 1 : 0);
      remainder--;
    }
    const variant: Variant = {
      name: input.name,
      weight,
      weightType,
    };
    const stickiness = input.stickiness ?? defaultStickiness;
    if (stickiness) variant.stickiness = stickiness;
    if (input.payload) variant.payload = { type: input.payload.type, value: input.payload.value };
    if (input.overrides)
      variant.overrides = input.overrides.map((o) => ({ contextName: o.contextName, values: o.values }));
    return variant;
  });
  return variants;
}
