import {
  chooseVariant,
  dependencyHolds,
  findWinner,
  OFF,
  ON_WITHOUT_STRATEGY,
  type CompiledDependency,
  type CompiledFlag,
  type CompiledStrategy,
  type FlagResolver,
} from './compiled-flag.ts';
import type { CompiledConstraint } from './constraint-matcher.ts';
import type { Runtime } from './runtime.ts';
import type { Constraint, Context, StrategyDefinition, VariantResult } from './types.ts';
import { DISABLED_VARIANT } from './variant-selection.ts';

/** A constraint as defined, with the context value it saw and its outcome (inversion applied). */
export type ConstraintExplanation = Constraint & {
  contextValue: string | undefined;
  /** False for an operator this engine does not know; such a constraint is always false. */
  known: boolean;
  result: boolean;
};

export type SegmentExplanation = {
  id: number;
  name: string | undefined;
  /** False when the strategy names a segment the payload does not contain; the strategy then fails. */
  found: boolean;
  result: boolean;
  constraints: ConstraintExplanation[];
};

export type StrategyExplanation = {
  /** Position in the flag's `strategies` array. */
  index: number;
  name: string;
  id: string | undefined;
  title: string | null | undefined;
  parameters: Record<string, string>;
  /** Disabled strategies are listed but never evaluated. */
  disabled: boolean;
  /** False for a custom strategy, which this engine cannot run and treats as false. */
  known: boolean;
  constraintsResult: boolean;
  segmentsResult: boolean;
  /** The strategy's own rule (rollout, user ids, ...), regardless of constraints. */
  ruleResult: boolean;
  result: boolean;
  constraints: ConstraintExplanation[];
  segments: SegmentExplanation[];
};

export type DependencyExplanation = {
  feature: string;
  /** Whether the parent is required to be enabled (true) or disabled (false). */
  enabled: boolean;
  variants: string[] | undefined;
  result: boolean;
  /** Why it failed; undefined when it holds. */
  failure: 'parent-missing' | 'parent-has-dependencies' | 'parent-state' | 'parent-variant' | undefined;
};

export type FlagExplanation = {
  name: string;
  found: boolean;
  /** The final answer, as evaluate() gives it. */
  enabled: boolean;
  /** The flag's own on/off switch in this payload. */
  flagEnabled: boolean;
  impressionData: boolean;
  reason:
    'unknown-flag' | 'flag-disabled' | 'dependencies' | 'no-strategies' | 'strategy' | 'no-strategy-matched';
  dependenciesResult: boolean;
  dependencies: DependencyExplanation[];
  /** Index (in `strategies`) of the first strategy that holds, which decides strategy variants. */
  winningStrategy: number | undefined;
  strategies: StrategyExplanation[];
  variant: VariantResult;
};

function explainConstraint(
  constraint: CompiledConstraint,
  context: Context,
  runtime: Runtime,
): ConstraintExplanation {
  return {
    ...constraint.definition,
    contextValue: constraint.read(context),
    known: constraint.known,
    result: constraint.test(context, runtime),
  };
}

function explainStrategy(
  definition: StrategyDefinition,
  index: number,
  compiled: CompiledStrategy | undefined,
  context: Context,
  runtime: Runtime,
): StrategyExplanation {
  const constraints = (compiled?.constraints ?? []).map((item) => explainConstraint(item, context, runtime));
  const segments = (definition.segments ?? []).map((id, position): SegmentExplanation => {
    const segment = compiled?.segments[position];
    const explained = (segment?.constraints ?? []).map((item) => explainConstraint(item, context, runtime));
    return {
      id,
      name: segment?.definition.name,
      found: segment !== undefined,
      result: segment !== undefined && explained.every((item) => item.result),
      constraints: explained,
    };
  });
  const constraintsResult = constraints.every((item) => item.result);
  const segmentsResult = segments.every((item) => item.result);
  const ruleResult = compiled ? compiled.rule.test(context, runtime) : false;
  return {
    index,
    name: definition.name,
    id: definition.id,
    title: definition.title,
    parameters: definition.parameters ?? {},
    disabled: compiled === undefined,
    known: compiled ? compiled.rule.known : true,
    constraintsResult,
    segmentsResult,
    ruleResult,
    result: compiled !== undefined && constraintsResult && segmentsResult && ruleResult,
    constraints,
    segments,
  };
}

function explainDependency(
  dependency: CompiledDependency,
  context: Context,
  runtime: Runtime,
  resolveFlag: FlagResolver,
): DependencyExplanation {
  const parent = resolveFlag(dependency.feature);
  const result = dependencyHolds(dependency, context, runtime, resolveFlag);
  let failure: DependencyExplanation['failure'];
  if (!parent) failure = 'parent-missing';
  else if (parent.dependencies.length > 0) failure = 'parent-has-dependencies';
  else if (!result) {
    const parentOn = findWinner(parent, context, runtime, resolveFlag) !== OFF;
    failure = parentOn === dependency.expectEnabled ? 'parent-variant' : 'parent-state';
  }
  return {
    feature: dependency.feature,
    enabled: dependency.expectEnabled,
    variants: dependency.variants ? [...dependency.variants] : undefined,
    result,
    failure: result ? undefined : failure,
  };
}

/**
 * Explains a compiled flag for a context: every strategy, constraint and segment is evaluated (no
 * short-circuit), so a playground can show why each part held or failed.
 */
export function explainCompiled(
  flag: CompiledFlag,
  context: Context,
  runtime: Runtime,
  resolveFlag: FlagResolver,
): FlagExplanation {
  const definitions = Array.isArray(flag.definition.strategies) ? flag.definition.strategies : [];
  // compileFlag keeps only the strategies not marked disabled, in order: map positions between the two.
  const compiledIndex: (number | undefined)[] = [];
  let position = 0;
  const strategies = definitions.map((definition, index) => {
    const compiled = definition.disabled === true ? undefined : flag.strategies[position];
    if (compiled) compiledIndex[index] = position++;
    return explainStrategy(definition, index, compiled, context, runtime);
  });
  const dependencies = flag.dependencies.map((item) =>
    explainDependency(item, context, runtime, resolveFlag),
  );
  const dependenciesResult = dependencies.every((item) => item.result);
  const winner = strategies.find((strategy) => strategy.result);

  let reason: FlagExplanation['reason'];
  if (!flag.enabled) reason = 'flag-disabled';
  else if (!dependenciesResult) reason = 'dependencies';
  else if (flag.strategies.length === 0) reason = 'no-strategies';
  else reason = winner ? 'strategy' : 'no-strategy-matched';

  let outcome = OFF;
  if (reason === 'no-strategies') outcome = ON_WITHOUT_STRATEGY;
  if (reason === 'strategy' && winner) outcome = compiledIndex[winner.index] ?? OFF;
  return {
    name: flag.name,
    found: true,
    enabled: outcome !== OFF,
    flagEnabled: flag.enabled,
    impressionData: flag.impressionData,
    reason,
    dependenciesResult,
    dependencies,
    winningStrategy: winner?.index,
    strategies,
    variant: chooseVariant(flag, outcome, context, runtime),
  };
}

/** The explanation for a flag name the payload does not contain. */
export function explainUnknown(name: string): FlagExplanation {
  return {
    name,
    found: false,
    enabled: false,
    flagEnabled: false,
    impressionData: false,
    reason: 'unknown-flag',
    dependenciesResult: false,
    dependencies: [],
    winningStrategy: undefined,
    strategies: [],
    variant: DISABLED_VARIANT,
  };
}
