import type { Operator } from '../../api/types.ts';

/** What a constraint's value looks like for an operator, which decides the input the editor shows. */
export type ValueKind = 'list' | 'number' | 'date' | 'semver' | 'regex' | 'cidr';

export type OperatorInfo = {
  operator: Operator;
  label: string;
  /** How the plain-language summary says it: "email ending in @example.com". */
  phrase: string;
  kind: ValueKind;
  caseInsensitive: boolean;
  invertible: boolean;
  group: 'Strings' | 'Numbers' | 'Dates' | 'Versions' | 'Network';
};

const op = (
  operator: Operator,
  label: string,
  phrase: string,
  kind: ValueKind,
  group: OperatorInfo['group'],
  flags: { caseInsensitive?: boolean; invertible?: boolean } = {},
): OperatorInfo => ({
  operator,
  label,
  phrase,
  kind,
  group,
  caseInsensitive: flags.caseInsensitive ?? false,
  invertible: flags.invertible ?? true,
});

export const OPERATORS: OperatorInfo[] = [
  op('IN', 'is one of', 'equal to', 'list', 'Strings'),
  op('NOT_IN', 'is not one of', 'not equal to', 'list', 'Strings'),
  op('STR_STARTS_WITH', 'starts with', 'starting with', 'list', 'Strings', { caseInsensitive: true }),
  op('STR_ENDS_WITH', 'ends with', 'ending in', 'list', 'Strings', { caseInsensitive: true }),
  op('STR_CONTAINS', 'contains', 'containing', 'list', 'Strings', { caseInsensitive: true }),
  op('REGEX', 'matches regex', 'matching', 'regex', 'Strings', { caseInsensitive: true, invertible: false }),
  op('NUM_EQ', '=', 'equal to', 'number', 'Numbers'),
  op('NUM_GT', '>', 'greater than', 'number', 'Numbers'),
  op('NUM_GTE', '≥', 'at least', 'number', 'Numbers'),
  op('NUM_LT', '<', 'less than', 'number', 'Numbers'),
  op('NUM_LTE', '≤', 'at most', 'number', 'Numbers'),
  op('DATE_AFTER', 'is after', 'after', 'date', 'Dates'),
  op('DATE_BEFORE', 'is before', 'before', 'date', 'Dates'),
  op('SEMVER_EQ', 'version =', 'at version', 'semver', 'Versions'),
  op('SEMVER_GT', 'version >', 'above version', 'semver', 'Versions'),
  op('SEMVER_GTE', 'version ≥', 'at or above version', 'semver', 'Versions'),
  op('SEMVER_LT', 'version <', 'below version', 'semver', 'Versions'),
  op('SEMVER_LTE', 'version ≤', 'at or below version', 'semver', 'Versions'),
  op('IN_CIDR', 'is in network', 'in network', 'cidr', 'Network'),
];

export function operatorInfo(operator: Operator): OperatorInfo {
  return OPERATORS.find((o) => o.operator === operator) ?? OPERATORS[0]!;
}

/** List operators keep `values`; the others keep a single `value`. */
export function isMultiValue(operator: Operator): boolean {
  const kind = operatorInfo(operator).kind;
  return kind === 'list' || kind === 'cidr';
}
