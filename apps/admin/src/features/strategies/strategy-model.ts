import {
  BUILT_IN_STRATEGIES as SHARED_BUILT_INS,
  FLEXIBLE_ROLLOUT,
  flexibleRolloutDefaults,
  isPercentage,
} from '@switchyard/rules';
import type { StrategyDraft } from '../../api/wire.ts';
import type { StrategyDefinition } from '../../api/wire.ts';
import { isConstraintValid } from '../constraints/constraint-validation.ts';
import { toWireConstraint } from '../constraints/constraint-model.ts';
import { variantsProblem } from './variants-problem.ts';

/** The built-in strategies, used when the server's list is not available yet. */
export const BUILT_IN_STRATEGIES: StrategyDefinition[] = SHARED_BUILT_INS.map((strategy) => ({
  ...strategy,
  displayName: strategy.title,
  editable: false,
  deprecated: false,
}));

export function newStrategy(name: string, flagName: string, defaultStickiness = 'default'): StrategyDraft {
  const parameters = name === FLEXIBLE_ROLLOUT ? flexibleRolloutDefaults(flagName, defaultStickiness) : {};
  return { name, title: '', disabled: false, constraints: [], parameters, segments: [], variants: [] };
}

/** Problems keyed like the server's detail paths: `parameters.rollout`, `constraints`, `variants`. */
export function strategyProblems(
  strategy: StrategyDraft,
  definition: StrategyDefinition | undefined,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of definition?.parameters ?? []) {
    const value = (strategy.parameters[parameter.name] ?? '').trim();
    const key = `parameters.${parameter.name}`;
    if (parameter.required && !value) problems[key] = `${parameter.name} is required`;
    else if (parameter.type === 'percentage' && value && !isPercentage(value))
      problems[key] = 'A whole percentage from 0 to 100';
    else if (parameter.type === 'number' && value && !Number.isFinite(Number(value)))
      problems[key] = 'Enter a number';
  }
  if (!strategy.constraints.every(isConstraintValid))
    problems.constraints = 'Fix the constraints marked below';
  const variants = strategy.variants ?? [];
  const variantProblem = variants.length ? variantsProblem(variants) : undefined;
  if (variantProblem) problems.variants = variantProblem;
  return problems;
}

/** The body for POST/PUT of a strategy. */
export function toWireStrategy(strategy: StrategyDraft) {
  return {
    name: strategy.name,
    title: strategy.title?.trim() || undefined,
    disabled: Boolean(strategy.disabled),
    constraints: strategy.constraints.map(toWireConstraint),
    parameters: strategy.parameters,
    segments: strategy.segments ?? [],
    variants: (strategy.variants ?? []).map((v) => ({ ...v, name: v.name.trim() })),
  };
}

export function definitionFor(
  name: string,
  definitions: StrategyDefinition[] | undefined,
): StrategyDefinition | undefined {
  return definitions?.find((d) => d.name === name) ?? BUILT_IN_STRATEGIES.find((d) => d.name === name);
}
