import { compileRe2, isValidSemver, parseDate, parseIpNetwork } from '@switchyard/evaluation';
import { isOperator, OPERATOR_RULES, OPERATORS, type ValueType } from './operators.ts';

export const MAX_CONSTRAINT_VALUE_LENGTH = 100;

/** The parts of a constraint its rules read. */
export type ConstraintShape = {
  contextName: string;
  operator: string;
  values: readonly string[];
  value?: string | undefined;
};

/** One thing wrong with a constraint: the field it is about (and the list entry, for `values`). */
export type ConstraintProblem = {
  field: 'operator' | 'contextName' | 'values' | 'value';
  index?: number;
  message: string;
};

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

function valueProblem(valueType: ValueType, value: string): string | undefined {
  if (valueType === 'number' && !isNumber(value)) return `"${value}" is not a number`;
  if (valueType === 'date' && Number.isNaN(parseDate(value))) {
    return `"${value}" is not an RFC 3339 date, such as 2026-01-31T12:00:00Z`;
  }
  if (valueType === 'semver' && !isValidSemver(value)) {
    return `"${value}" is not a strict semantic version such as 1.2.3 (no leading "v")`;
  }
  if (valueType === 'regex' && !compileRe2(value)) return `"${value}" is not a valid RE2 regular expression`;
  return undefined;
}

/**
 * Everything wrong with one constraint. An empty list is fine: `IN []` matches nothing and `NOT_IN []` everything,
 * as in every SDK (docs/decisions/0002).
 */
export function constraintProblems(constraint: ConstraintShape): ConstraintProblem[] {
  const { operator, contextName } = constraint;
  if (!isOperator(operator)) {
    return [{ field: 'operator', message: `unknown operator; use one of ${OPERATORS.join(', ')}` }];
  }
  const problems: ConstraintProblem[] = [];
  if (!contextName.trim()) problems.push({ field: 'contextName', message: '"contextName" is empty' });
  for (const [index, entry] of constraint.values.entries()) {
    if (entry.length === 0 || entry.length > MAX_CONSTRAINT_VALUE_LENGTH) {
      problems.push({
        field: 'values',
        index,
        message: `each value must be 1 to ${MAX_CONSTRAINT_VALUE_LENGTH} characters long`,
      });
    }
  }
  const rule = OPERATOR_RULES[operator];
  if (rule.takes === 'list') {
    if (rule.valueType === 'cidr') {
      for (const [index, entry] of constraint.values.entries()) {
        if (!parseIpNetwork(entry)) {
          problems.push({ field: 'values', index, message: `"${entry}" is not an IP address or CIDR range` });
        }
      }
    }
    return problems;
  }
  if (constraint.value === undefined || constraint.value.trim() === '') {
    problems.push({ field: 'value', message: '"value" is required' });
    return problems;
  }
  const problem = valueProblem(rule.valueType, constraint.value);
  if (problem) problems.push({ field: 'value', message: problem });
  return problems;
}
