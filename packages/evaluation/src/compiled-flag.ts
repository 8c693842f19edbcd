import { allConstraintsHold, compileConstraint, type CompiledConstraint } from './constraint-matcher.ts';
import type { Runtime } from './runtime.ts';
import { compileStrategyRule, type StrategyRule } from './strategy-rule.ts';
import type {
  Context,
  FlagDefinition,
  FlagResult,
  Segment,
  StrategyDefinition,
  VariantResult,
} from './types.ts';
import {
  compileVariants,
  DISABLED_VARIANT,
  DISABLED_VARIANT_FLAG_ON,
  type CompiledVariants,
} from './variant-selection.ts';

export type CompiledSegment = { definition: Segment; constraints: CompiledConstraint[] };

export type CompiledStrategy = {
  definition: StrategyDefinition;
  rule: StrategyRule;
  constraints: CompiledConstraint[];
  /** Resolved at compile time; an undefined entry is a segment id the payload does not contain. */
  segments: (CompiledSegment | undefined)[];
  missingSegment: boolean;
  variants: CompiledVariants | undefined;
};

export type CompiledDependency = {
  feature: string;
  expectEnabled: boolean;
  /** Present only for a non-empty list: the parent's variant must be one of these. */
  variants: ReadonlySet<string> | undefined;
};

export type CompiledFlag = {
  definition: FlagDefinition;
  name: string;
  enabled: boolean;
  impressionData: boolean;
  /** Strategies that take part in evaluation: the ones not marked `disabled`, in payload order. */
  strategies: CompiledStrategy[];
  variants: CompiledVariants | undefined;
  dependencies: CompiledDependency[];
  /** FlagResult objects per variant, built on first use, so repeated evaluations allocate nothing. */
  results: Map<VariantResult, FlagResult>;
};

export type SegmentResolver = (id: number) => CompiledSegment | undefined;
export type FlagResolver = (name: string) => CompiledFlag | undefined;

/** `findWinner` result for a flag that is off for the context. */
export const OFF = -1;
/** `findWinner` result for an enabled flag without strategies (on for everyone). */
export const ON_WITHOUT_STRATEGY = -2;

export function compileSegment(segment: Segment): CompiledSegment {
  return { definition: segment, constraints: (segment.constraints ?? []).map(compileConstraint) };
}

export function compileStrategy(
  strategy: StrategyDefinition,
  flagName: string,
  resolveSegment: SegmentResolver,
): CompiledStrategy {
  const segments = (strategy.segments ?? []).map((id) => resolveSegment(id));
  const parameters = strategy.parameters ?? {};
  return {
    definition: strategy,
    rule: compileStrategyRule(strategy, flagName),
    constraints: (strategy.constraints ?? []).map(compileConstraint),
    segments,
    missingSegment: segments.some((segment) => segment === undefined),
    // Strategy variants hash with the strategy's groupId; the flag name stands in when it is missing.
    variants: compileVariants(strategy.variants, parameters.groupId ?? flagName, parameters.stickiness),
  };
}

/** Compiles one flag; segments are looked up once, here, never during evaluation. */
export function compileFlag(flag: FlagDefinition, resolveSegment: SegmentResolver): CompiledFlag {
  const name = String(flag.name);
  // A missing strategies list is treated as empty (on for everyone), as Yggdrasil does.
  const strategies = Array.isArray(flag.strategies) ? flag.strategies : [];
  return {
    definition: flag,
    name,
    enabled: flag.enabled === true,
    impressionData: flag.impressionData === true,
    strategies: strategies
      .filter((strategy) => strategy.disabled !== true)
      .map((strategy) => compileStrategy(strategy, name, resolveSegment)),
    variants: compileVariants(flag.variants, name),
    dependencies: (flag.dependencies ?? []).map((dependency) => ({
      feature: String(dependency.feature),
      expectEnabled: dependency.enabled !== false,
      variants: dependency.variants?.length ? new Set(dependency.variants) : undefined,
    })),
    results: new Map(),
  };
}

/** A strategy holds when its constraints, every segment's constraints and its own rule all hold. */
export function strategyHolds(strategy: CompiledStrategy, context: Context, runtime: Runtime): boolean {
  if (strategy.missingSegment || !allConstraintsHold(strategy.constraints, context, runtime)) return false;
  for (const segment of strategy.segments) {
    if (!segment || !allConstraintsHold(segment.constraints, context, runtime)) return false;
  }
  return strategy.rule.test(context, runtime);
}

/** Checks one dependency; parents that have dependencies themselves never satisfy one (no chains). */
export function dependencyHolds(
  dependency: CompiledDependency,
  context: Context,
  runtime: Runtime,
  resolveFlag: FlagResolver,
): boolean {
  const parent = resolveFlag(dependency.feature);
  if (!parent || parent.dependencies.length > 0) return false;
  const winner = findWinner(parent, context, runtime, resolveFlag);
  if (!dependency.expectEnabled) return winner === OFF;
  if (winner === OFF) return false;
  return (
    !dependency.variants || dependency.variants.has(chooseVariant(parent, winner, context, runtime).name)
  );
}

/**
 * Evaluates a flag to the index of its first matching strategy, ON_WITHOUT_STRATEGY, or OFF.
 * Returning a number keeps the hot path free of allocation; chooseVariant takes it from there.
 */
export function findWinner(
  flag: CompiledFlag,
  context: Context,
  runtime: Runtime,
  resolveFlag: FlagResolver,
): number {
  if (!flag.enabled) return OFF;
  for (const dependency of flag.dependencies) {
    if (!dependencyHolds(dependency, context, runtime, resolveFlag)) return OFF;
  }
  if (flag.strategies.length === 0) return ON_WITHOUT_STRATEGY;
  for (let index = 0; index < flag.strategies.length; index += 1) {
    const strategy = flag.strategies[index];
    if (strategy && strategyHolds(strategy, context, runtime)) return index;
  }
  return OFF;
}

/** The variant for a `findWinner` result: the winning strategy's variants first, then the flag's. */
export function chooseVariant(
  flag: CompiledFlag,
  winner: number,
  context: Context,
  runtime: Runtime,
): VariantResult {
  if (winner === OFF) return DISABLED_VARIANT;
  const fromStrategy = flag.strategies[winner]?.variants?.select(context, runtime);
  if (fromStrategy) return fromStrategy;
  return flag.variants?.select(context, runtime) ?? DISABLED_VARIANT_FLAG_ON;
}

/** The shared FlagResult for a flag and the variant it evaluated to. */
export function flagResult(flag: CompiledFlag, variant: VariantResult): FlagResult {
  let result = flag.results.get(variant);
  if (!result) {
    result = Object.freeze({
      name: flag.name,
      enabled: variant.feature_enabled,
      impressionData: flag.impressionData,
      variant,
    });
    flag.results.set(variant, result);
  }
  return result;
}

/** Evaluates a compiled flag fully: on/off, variant and impression data. */
export function evaluateCompiled(
  flag: CompiledFlag,
  context: Context,
  runtime: Runtime,
  resolveFlag: FlagResolver,
): FlagResult {
  const winner = findWinner(flag, context, runtime, resolveFlag);
  return flagResult(flag, chooseVariant(flag, winner, context, runtime));
}
