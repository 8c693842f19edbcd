import {
  compileFlag,
  compileSegment,
  evaluateCompiled,
  type CompiledFlag,
  type CompiledSegment,
  type FlagResolver,
} from './compiled-flag.ts';
import { explainCompiled, explainUnknown, type FlagExplanation } from './explain-flag.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import type {
  Context,
  EvaluationOptions,
  FlagDefinition,
  FlagLookup,
  FlagResult,
  FlagSource,
  Segment,
  VariantResult,
} from './types.ts';
import { DISABLED_VARIANT } from './variant-selection.ts';

/**
 * The plain form: evaluate one flag straight from its definition. Every call compiles what it touches,
 * so it always reflects the objects passed in; hot paths should use compileSnapshot instead.
 */

const EMPTY_SOURCE: FlagLookup = { getFlag: () => undefined, getSegment: () => undefined };

function toLookup(source: FlagSource | undefined): FlagLookup {
  if (!source) return EMPTY_SOURCE;
  if (!('features' in source)) return source;
  const features = Array.isArray(source.features) ? source.features : [];
  const segments = Array.isArray(source.segments) ? source.segments : [];
  return {
    getFlag: (name) => features.find((flag) => flag.name === name),
    getSegment: (id) => segments.find((segment: Segment) => segment.id === id),
  };
}

type Prepared = { flag: CompiledFlag | undefined; resolveFlag: FlagResolver; runtime: Runtime; name: string };

function prepare(
  flag: FlagDefinition | string,
  source: FlagSource | undefined,
  options: EvaluationOptions | undefined,
): Prepared {
  const lookup = toLookup(source);
  const segments = new Map<number, CompiledSegment | undefined>();
  const resolveSegment = (id: number): CompiledSegment | undefined => {
    if (!segments.has(id)) {
      const segment = lookup.getSegment(id);
      segments.set(id, segment && compileSegment(segment));
    }
    return segments.get(id);
  };
  const parents = new Map<string, CompiledFlag | undefined>();
  const resolveFlag = (name: string): CompiledFlag | undefined => {
    if (!parents.has(name)) {
      const parent = lookup.getFlag(name);
      parents.set(name, parent && compileFlag(parent, resolveSegment));
    }
    return parents.get(name);
  };
  const definition = typeof flag === 'string' ? lookup.getFlag(flag) : flag;
  const name = typeof flag === 'string' ? flag : String(flag.name);
  return {
    flag: definition && compileFlag(definition, resolveSegment),
    resolveFlag,
    runtime: createRuntime(options),
    name,
  };
}

/**
 * Evaluates a flag (a definition, or a name looked up in `source`) for a context. `source` supplies
 * parent flags for dependencies and segments by id; an unknown flag is disabled.
 */
export function evaluate(
  flag: FlagDefinition | string,
  context: Context,
  source?: FlagSource,
  options?: EvaluationOptions,
): FlagResult {
  const prepared = prepare(flag, source, options);
  if (!prepared.flag) {
    return { name: prepared.name, enabled: false, impressionData: false, variant: DISABLED_VARIANT };
  }
  return evaluateCompiled(prepared.flag, context, prepared.runtime, prepared.resolveFlag);
}

/** Whether the flag is on for the context (what an SDK's isEnabled answers). */
export function isEnabled(
  flag: FlagDefinition | string,
  context: Context,
  source?: FlagSource,
  options?: EvaluationOptions,
): boolean {
  return evaluate(flag, context, source, options).enabled;
}

/** The variant for the context (what an SDK's getVariant answers, plus `featureEnabled`). */
export function variant(
  flag: FlagDefinition | string,
  context: Context,
  source?: FlagSource,
  options?: EvaluationOptions,
): VariantResult {
  return evaluate(flag, context, source, options).variant;
}

/** Every strategy, constraint, segment and dependency of the flag with its outcome, for a playground. */
export function explain(
  flag: FlagDefinition | string,
  context: Context,
  source?: FlagSource,
  options?: EvaluationOptions,
): FlagExplanation {
  const prepared = prepare(flag, source, options);
  if (!prepared.flag) return explainUnknown(prepared.name);
  return explainCompiled(prepared.flag, context, prepared.runtime, prepared.resolveFlag);
}
