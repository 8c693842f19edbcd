import { constraintProblems as problemsOf, takesList } from '@switchyard/rules';
import type { ErrorDetail } from '../../../http/errors.ts';
import type { Constraint } from './flag.ts';

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

/**
 * Everything wrong with one constraint, each problem naming the constraint and the field, so a 400 says which
 * of several constraints to fix. `path` is where the constraint sits in the request, e.g. `/body/constraints/2`.
 */
export function constraintProblems(constraint: Constraint, path: string): ErrorDetail[] {
  const where = `constraint on "${constraint.contextName}" (${constraint.operator})`;
  return problemsOf(constraint).map(({ field, index, message }) => ({
    message: `${where}: ${message}`,
    path: index === undefined ? `${path}/${field}` : `${path}/${field}/${index}`,
  }));
}

/** Values a constraint compares against, for the legal-values check of its context field. */
export function comparedValues(constraint: Constraint): string[] {
  if (takesList(constraint.operator)) return constraint.values;
  return constraint.value === undefined ? [] : [constraint.value];
}
