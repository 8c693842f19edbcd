import { isOperator, operatorRule, takesList, type Operator } from '@switchyard/rules';

/** Which input the editor shows for an operator: a list of strings, or one value of a type. */
export type ValueKind = 'list' | 'number' | 'date' | 'semver' | 'regex' | 'cidr';

/** How the editor presents an operator; what it accepts comes from `@switchyard/rules`. */
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

type Copy = Pick<OperatorInfo, 'label' | 'phrase' | 'group'>;

const COPY: Record<Operator, Copy> = {
  IN: { label: 'is one of', phrase: 'equal to', group: 'Strings' },
  NOT_IN: { label: 'is not one of', phrase: 'not equal to', group: 'Strings' },
  STR_STARTS_WITH: { label: 'starts with', phrase: 'starting with', group: 'Strings' },
  STR_ENDS_WITH: { label: 'ends with', phrase: 'ending in', group: 'Strings' },
  STR_CONTAINS: { label: 'contains', phrase: 'containing', group: 'Strings' },
  REGEX: { label: 'matches regex', phrase: 'matching', group: 'Strings' },
  NUM_EQ: { label: '=', phrase: 'equal to', group: 'Numbers' },
  NUM_GT: { label: '>', phrase: 'greater than', group: 'Numbers' },
  NUM_GTE: { label: '≥', phrase: 'at least', group: 'Numbers' },
  NUM_LT: { label: '<', phrase: 'less than', group: 'Numbers' },
  NUM_LTE: { label: '≤', phrase: 'at most', group: 'Numbers' },
  DATE_AFTER: { label: 'is after', phrase: 'after', group: 'Dates' },
  DATE_BEFORE: { label: 'is before', phrase: 'before', group: 'Dates' },
  SEMVER_EQ: { label: 'version =', phrase: 'at version', group: 'Versions' },
  SEMVER_GT: { label: 'version >', phrase: 'above version', group: 'Versions' },
  SEMVER_GTE: { label: 'version ≥', phrase: 'at or above version', group: 'Versions' },
  SEMVER_LT: { label: 'version <', phrase: 'below version', group: 'Versions' },
  SEMVER_LTE: { label: 'version ≤', phrase: 'at or below version', group: 'Versions' },
  IN_CIDR: { label: 'is in network', phrase: 'in network', group: 'Network' },
};

function info(operator: Operator): OperatorInfo {
  const rule = operatorRule(operator);
  return {
    operator,
    ...COPY[operator],
    kind: rule.valueType === 'string' ? 'list' : rule.valueType,
    caseInsensitive: rule.caseInsensitive,
    invertible: rule.invertible,
  };
}

/** The operators in the order the editor lists them (the strings first, as most constraints use them). */
export const OPERATORS: OperatorInfo[] = (Object.keys(COPY) as Operator[]).map(info);

/** A stored constraint's operator is a plain string on the wire (rows may predate the list): unknown ones show as the first. */
export function operatorInfo(operator: string): OperatorInfo {
  return (isOperator(operator) && OPERATORS.find((o) => o.operator === operator)) || OPERATORS[0]!;
}

/** List operators keep `values`; the others keep a single `value`. */
export const isMultiValue = (operator: string): boolean => takesList(operator);
