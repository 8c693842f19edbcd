import { createFieldReader, readTime, type FieldReader } from './context.ts';
import { networkContains, parseIpAddress, parseIpNetwork } from './ip-address.ts';
import { parseContextDate } from './parse-date.ts';
import { compileRe2 } from './re2-regex.ts';
import type { Runtime } from './runtime.ts';
import { compareSemver, parseConstraintSemver, parseContextSemver } from './semver.ts';
import type { Constraint, Context } from './types.ts';

/** A constraint turned into a test; `known` is false for an operator this engine does not have. */
export type CompiledConstraint = {
  definition: Constraint;
  known: boolean;
  read: FieldReader;
  test: (context: Context, runtime: Runtime) => boolean;
};

/** The operator's answer before inversion. */
type Matcher = (context: Context, runtime: Runtime) => boolean;
type MatcherFactory = (constraint: Constraint, read: FieldReader) => Matcher;

const never: Matcher = () => false;

/** Like the Node SDK: list entries are trimmed and empty ones dropped. */
function cleanValues(values: readonly string[] | undefined): string[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) => String(value).trim()).filter((value) => value !== '');
}

/** A number or NaN; empty and blank text is NaN rather than JavaScript's 0. */
function toNumber(text: string | undefined): number {
  return text === undefined || text.trim() === '' ? Number.NaN : Number(text);
}

function membership(constraint: Constraint, read: FieldReader): (context: Context) => boolean {
  const values = new Set(cleanValues(constraint.values));
  return (context) => {
    const value = read(context);
    return value !== undefined && values.has(value);
  };
}

function stringMatcher(test: (value: string, candidate: string) => boolean): MatcherFactory {
  return (constraint, read) => {
    const insensitive = constraint.caseInsensitive === true;
    const candidates = cleanValues(constraint.values).map((value) =>
      insensitive ? value.toLowerCase() : value,
    );
    if (candidates.length === 0) return never;
    return (context) => {
      const raw = read(context);
      if (raw === undefined) return false;
      const value = insensitive ? raw.toLowerCase() : raw;
      for (const candidate of candidates) if (test(value, candidate)) return true;
      return false;
    };
  };
}

function numberMatcher(compare: (value: number, target: number) => boolean): MatcherFactory {
  return (constraint, read) => {
    const target = toNumber(constraint.value);
    if (Number.isNaN(target)) return never;
    return (context) => {
      const value = toNumber(read(context));
      return !Number.isNaN(value) && compare(value, target);
    };
  };
}

function dateMatcher(after: boolean): MatcherFactory {
  return (constraint) => {
    const target = parseContextDate(constraint.value ?? '');
    if (Number.isNaN(target)) return never;
    const field = constraint.contextName;
    return (context, runtime) => {
      const time = readTime(context, field, runtime.now, parseContextDate);
      // NaN and undefined compare false either way: an unreadable time never matches.
      return time !== undefined && (after ? time > target : time < target);
    };
  };
}

function semverMatcher(accept: (order: number) => boolean): MatcherFactory {
  return (constraint, read) => {
    const target = parseConstraintSemver(constraint.value ?? '');
    if (!target) return never;
    return (context) => {
      const raw = read(context);
      const version = raw === undefined ? null : parseContextSemver(raw);
      return version !== null && accept(compareSemver(version, target));
    };
  };
}

const regexMatcher: MatcherFactory = (constraint, read) => {
  const regex = compileRe2(constraint.value ?? '', constraint.caseInsensitive === true);
  if (!regex) return never;
  return (context) => {
    const value = read(context);
    return value !== undefined && regex.test(value);
  };
};

const cidrMatcher: MatcherFactory = (constraint, read) => {
  const networks = cleanValues(constraint.values).flatMap((value) => parseIpNetwork(value) ?? []);
  if (networks.length === 0) return never;
  return (context) => {
    const raw = read(context);
    const address = raw === undefined ? undefined : parseIpAddress(raw);
    return address !== undefined && networks.some((network) => networkContains(network, address));
  };
};

const OPERATORS: Record<string, MatcherFactory> = {
  IN: (constraint, read) => membership(constraint, read),
  NOT_IN: (constraint, read) => {
    const isIn = membership(constraint, read);
    return (context) => !isIn(context);
  },
  STR_STARTS_WITH: stringMatcher((value, candidate) => value.startsWith(candidate)),
  STR_ENDS_WITH: stringMatcher((value, candidate) => value.endsWith(candidate)),
  STR_CONTAINS: stringMatcher((value, candidate) => value.includes(candidate)),
  NUM_EQ: numberMatcher((value, target) => value === target),
  NUM_GT: numberMatcher((value, target) => value > target),
  NUM_GTE: numberMatcher((value, target) => value >= target),
  NUM_LT: numberMatcher((value, target) => value < target),
  NUM_LTE: numberMatcher((value, target) => value <= target),
  DATE_AFTER: dateMatcher(true),
  DATE_BEFORE: dateMatcher(false),
  SEMVER_EQ: semverMatcher((order) => order === 0),
  SEMVER_GT: semverMatcher((order) => order > 0),
  SEMVER_GTE: semverMatcher((order) => order >= 0),
  SEMVER_LT: semverMatcher((order) => order < 0),
  SEMVER_LTE: semverMatcher((order) => order <= 0),
  REGEX: regexMatcher,
  IN_CIDR: cidrMatcher,
};

/** The operators this engine evaluates; any other one makes its constraint false. */
export const OPERATOR_NAMES: readonly string[] = Object.freeze(Object.keys(OPERATORS));

/**
 * Pre-parses a constraint (numbers, dates, versions, regexes, networks) into a test.
 * Inversion applies after the missing-value rule, so an inverted constraint on a missing field is true;
 * an unknown operator stays false even when inverted, as in the Node SDK.
 */
export function compileConstraint(constraint: Constraint): CompiledConstraint {
  const read = createFieldReader(String(constraint.contextName));
  const factory = Object.hasOwn(OPERATORS, constraint.operator) ? OPERATORS[constraint.operator] : undefined;
  if (!factory) return { definition: constraint, known: false, read, test: never };
  const matcher = factory(constraint, read);
  const test: Matcher =
    constraint.inverted === true ? (context, runtime) => !matcher(context, runtime) : matcher;
  return { definition: constraint, known: true, read, test };
}

/** True when every constraint holds; an empty list holds. */
export function allConstraintsHold(
  constraints: readonly CompiledConstraint[],
  context: Context,
  runtime: Runtime,
): boolean {
  for (const constraint of constraints) if (!constraint.test(context, runtime)) return false;
  return true;
}

/**
 * True when every constraint holds for `context`; for callers outside flag evaluation (an action set's payload
 * filters) that reuse the same operators.
 */
export function constraintsHold(
  constraints: readonly Constraint[],
  context: Context,
  now = Date.now,
): boolean {
  const runtime: Runtime = { now, random: Math.random, hostname: undefined };
  return allConstraintsHold(constraints.map(compileConstraint), context, runtime);
}
