import {
  chooseVariant,
  compileFlag,
  compileSegment,
  evaluateCompiled,
  findWinner,
  OFF,
  type CompiledFlag,
  type CompiledSegment,
} from './compiled-flag.ts';
import { explainCompiled, explainUnknown, type FlagExplanation } from './explain-flag.ts';
import { createRuntime } from './runtime.ts';
import type {
  ClientFeatures,
  Context,
  EvaluationOptions,
  FlagDefinition,
  FlagResult,
  VariantResult,
} from './types.ts';
import { DISABLED_VARIANT } from './variant-selection.ts';

export type EvaluateAllOptions = {
  /** Also return flags that are off (the Frontend API serves only enabled ones, the default). */
  includeDisabled?: boolean;
  /** Evaluate only the flags this accepts, e.g. those in a token's projects. */
  filter?: (flag: FlagDefinition) => boolean;
};

/**
 * A client payload compiled once for many evaluations: constraints are pre-parsed, segments resolved,
 * results shared. Results are frozen objects reused across calls; do not mutate them.
 */
export type CompiledSnapshot = {
  /** Flag names in payload order. */
  readonly names: readonly string[];
  has(name: string): boolean;
  definition(name: string): FlagDefinition | undefined;
  isEnabled(name: string, context: Context): boolean;
  variant(name: string, context: Context): VariantResult;
  /** An unknown name evaluates as disabled. */
  evaluate(name: string, context: Context): FlagResult;
  /** Flags in payload order; only enabled ones unless `includeDisabled`. */
  evaluateAll(context: Context, options?: EvaluateAllOptions): FlagResult[];
  explain(name: string, context: Context): FlagExplanation;
};

/**
 * Compiles a `GET /api/client/features` body (`{ features, segments }`). Options fix the clock,
 * randomness and host name for every evaluation made with the result.
 */
export function compileSnapshot(payload: ClientFeatures, options?: EvaluationOptions): CompiledSnapshot {
  const runtime = createRuntime(options);
  const segments = new Map<number, CompiledSegment>();
  for (const segment of Array.isArray(payload.segments) ? payload.segments : []) {
    if (!segments.has(segment.id)) segments.set(segment.id, compileSegment(segment));
  }
  const resolveSegment = (id: number) => segments.get(id);

  const flags = new Map<string, CompiledFlag>();
  const ordered: CompiledFlag[] = [];
  for (const definition of Array.isArray(payload.features) ? payload.features : []) {
    const name = String(definition.name);
    if (flags.has(name)) continue; // the first definition of a name wins, as in a lookup by name
    const flag = compileFlag(definition, resolveSegment);
    flags.set(name, flag);
    ordered.push(flag);
  }
  const resolveFlag = (name: string) => flags.get(name);
  const names = Object.freeze(ordered.map((flag) => flag.name));

  const evaluate = (name: string, context: Context): FlagResult => {
    const flag = flags.get(name);
    if (!flag) return { name, enabled: false, impressionData: false, variant: DISABLED_VARIANT };
    return evaluateCompiled(flag, context, runtime, resolveFlag);
  };

  return {
    names,
    has: (name) => flags.has(name),
    definition: (name) => flags.get(name)?.definition,
    isEnabled(name, context) {
      const flag = flags.get(name);
      return flag !== undefined && findWinner(flag, context, runtime, resolveFlag) !== OFF;
    },
    variant(name, context) {
      const flag = flags.get(name);
      if (!flag) return DISABLED_VARIANT;
      return chooseVariant(flag, findWinner(flag, context, runtime, resolveFlag), context, runtime);
    },
    evaluate,
    evaluateAll(context, evaluateOptions = {}) {
      const { includeDisabled = false, filter } = evaluateOptions;
      const results: FlagResult[] = [];
      for (const flag of ordered) {
        if (filter && !filter(flag.definition)) continue;
        const result = evaluateCompiled(flag, context, runtime, resolveFlag);
        if (includeDisabled || result.enabled) results.push(result);
      }
      return results;
    },
    explain(name, context) {
      const flag = flags.get(name);
      return flag ? explainCompiled(flag, context, runtime, resolveFlag) : explainUnknown(name);
    },
  };
}
