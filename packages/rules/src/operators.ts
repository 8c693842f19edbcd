/** What a constraint compares against: a list in `values`, or one `value`. */
export type OperatorTakes = 'list' | 'value';
/** How the compared values are read, which decides how they are checked and which input the UI shows. */
export type ValueType = 'string' | 'number' | 'date' | 'semver' | 'regex' | 'cidr';

export type OperatorRule = {
  takes: OperatorTakes;
  valueType: ValueType;
  /** Whether `caseInsensitive` changes the result (SDKs ignore it elsewhere). */
  caseInsensitive: boolean;
  /** Whether `inverted` may be set; every operator may, as the client specification defines. */
  invertible: boolean;
};

const rule = (takes: OperatorTakes, valueType: ValueType, caseInsensitive = false): OperatorRule => ({
  takes,
  valueType,
  caseInsensitive,
  invertible: true,
});

/** Every constraint operator, in the order the API publishes them. */
export const OPERATOR_RULES = {
  IN: rule('list', 'string'),
  NOT_IN: rule('list', 'string'),
  STR_ENDS_WITH: rule('list', 'string', true),
  STR_STARTS_WITH: rule('list', 'string', true),
  STR_CONTAINS: rule('list', 'string', true),
  IN_CIDR: rule('list', 'cidr'),
  NUM_EQ: rule('value', 'number'),
  NUM_GT: rule('value', 'number'),
  NUM_GTE: rule('value', 'number'),
  NUM_LT: rule('value', 'number'),
  NUM_LTE: rule('value', 'number'),
  DATE_AFTER: rule('value', 'date'),
  DATE_BEFORE: rule('value', 'date'),
  SEMVER_EQ: rule('value', 'semver'),
  SEMVER_GT: rule('value', 'semver'),
  SEMVER_GTE: rule('value', 'semver'),
  SEMVER_LT: rule('value', 'semver'),
  SEMVER_LTE: rule('value', 'semver'),
  REGEX: rule('value', 'regex', true),
} as const satisfies Record<string, OperatorRule>;

export type Operator = keyof typeof OPERATOR_RULES;

export const OPERATORS = Object.keys(OPERATOR_RULES) as Operator[];

export function isOperator(name: string): name is Operator {
  return Object.hasOwn(OPERATOR_RULES, name);
}

export function operatorRule(operator: Operator): OperatorRule {
  return OPERATOR_RULES[operator];
}

/** Whether the operator compares against the `values` list (true) or one `value` (false). */
export function takesList(operator: string): boolean {
  return isOperator(operator) && OPERATOR_RULES[operator].takes === 'list';
}
