/**
 * @switchyard/evaluation: Unleash-compatible flag evaluation with no I/O and no dependencies, for the
 * server and the browser alike.
 */
export { evaluate, isEnabled, variant, explain } from './evaluate.ts';
export { compileSnapshot, type CompiledSnapshot, type EvaluateAllOptions } from './compiled-snapshot.ts';
export { applyDelta, type DeltaPayload } from './apply-delta.ts';
export type {
  ConstraintExplanation,
  DependencyExplanation,
  FlagExplanation,
  SegmentExplanation,
  StrategyExplanation,
} from './explain-flag.ts';
export { DISABLED_VARIANT, DISABLED_VARIANT_FLAG_ON } from './variant-selection.ts';
export { constraintsHold, OPERATOR_NAMES } from './constraint-matcher.ts';
export { BUILT_IN_STRATEGIES } from './strategy-rule.ts';
export { murmurHash3 } from './murmur-hash.ts';
export { normalizedHash, STRATEGY_SEED, VARIANT_SEED } from './normalized-hash.ts';
export { compileRe2 } from './re2-regex.ts';
export { compareSemver, isValidSemver, parseSemver, type SemanticVersion } from './semver.ts';
export { parseDate } from './parse-date.ts';
export { parseIpAddress, parseIpNetwork, type IpAddress, type IpNetwork } from './ip-address.ts';
export type * from './types.ts';
