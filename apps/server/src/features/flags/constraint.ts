import { compileRe2, isValidSemver, parseDate, parseIpNetwork } from '@switchyard/evaluation';
import type { ErrorDetail } from '../../http/errors.ts';
import type { Constraint } from './flag.ts';

/** Operators that take a list in `values`. */
export const LIST_OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'IN_CIDR',
] as const;
/** Operators that take one `value`. */
export const SINGLE_VALUE_OPERATORS = [
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_GTE',
  'SEMVER_LT',
  'SEMVER_LTE',
  'REGEX',
] as const;
export const OPERATORS = [...LIST_OPERATORS, ...SINGLE_VALUE_OPERATORS] as const;

export const MAX_CONSTRAINT_VALUE_LENGTH = 100;

/** A constraint as a caller may send it: only contextName and operator are required. */
export type ConstraintInput = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};

/** Fills in the defaults Unleash stores (`values: []`, both flags false), keeping `value` only when sent. */
export function normalizeConstraint(input: ConstraintInput): Constraint {
  const constraint: Constraint = {
    contextName: input.contextName,
    operator: input.operator,
    values: input.values ?? [],
    inverted: input.inverted ?? false,
    caseInsensitive: input.caseInsensitive ?? false,
  };
  if (input.value !== undefined) constraint.value = input.value;
  return constraint;
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

function singleValueProblem(operator: string, value: string): string | undefined {
  if (operator.startsWith('NUM_') && !isNumber(value)) return `"${value}" is not a number`;
  if (operator.startsWith('DATE_') && Number.isNaN(parseDate(value))) {
    return `"${value}" is not an RFC 3339 date, such as 2026-01-31T12:00:00Z`;
  }
  if (operator.startsWith('SEMVER_') && !isValidSemver(value)) {
    return `"${value}" is not a strict semantic version such as 1.2.3 (no leading "v")`;
  }
  if (operator === 'REGEX' && !compileRe2(value)) return `"${value}" is not a valid RE2 regular expression`;
  return undefined;
}

/**
 * Everything wrong with one constraint, each problem naming the constraint and the field, so a 400 says which
 * of several constraints to fix. `path` is where the constraint sits in the request, e.g. `/body/constraints/2`.
 */
export function constraintProblems(constraint: Constraint, path: string): ErrorDetail[] {
  const { operator, contextName } = constraint;
  const where = `constraint on "${contextName}" (${operator})`;
  const problems: ErrorDetail[] = [];
  if (!(OPERATORS as readonly string[]).includes(operator)) {
    return [
      { message: `${where}: unknown operator; use one of ${OPERATORS.join(', ')}`, path: `${path}/operator` },
    ];
  }
  if (!contextName.trim())
    problems.push({ message: `${where}: "contextName" is empty`, path: `${path}/contextName` });
  for (const [index, entry] of constraint.values.entries()) {
    if (entry.length === 0 || entry.length > MAX_CONSTRAINT_VALUE_LENGTH) {
      problems.push({
        message: `${where}: each value must be 1 to ${MAX_CONSTRAINT_VALUE_LENGTH} characters long`,
        path: `${path}/values/${index}`,
      });
    }
  }
  if ((LIST_OPERATORS as readonly string[]).includes(operator)) {
    // An empty list is allowed: IN [] matches nothing and NOT_IN [] matches everything, as in every SDK.
    if (operator === 'IN_CIDR') {
      for (const [index, entry] of constraint.values.entries()) {
        if (!parseIpNetwork(entry)) {
          problems.push({
            message: `${where}: "${entry}" is not an IP address or CIDR range`,
            path: `${path}/values/${index}`,
          });
        }
      }
    }
    return problems;
  }
  if (constraint.value === undefined || constraint.value.trim() === '') {
    problems.push({ message: `${where}: "value" is required`, path: `${path}/value` });
    return problems;
  }
  const problem = singleValueProblem(operator, constraint.value);
  if (problem) problems.push({ message: `${where}: ${problem}`, path: `${path}/value` });
  return problems;
}

/** Values a constraint compares against, for the legal-values check of its context field. */
export function comparedValues(constraint: Constraint): string[] {
  if ((LIST_OPERATORS as readonly string[]).includes(constraint.operator)) return constraint.values;
  return constraint.value === undefined ? [] : [constraint.value];
}
