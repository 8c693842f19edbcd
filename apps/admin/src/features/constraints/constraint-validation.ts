import { constraintProblems as ruleProblems } from '@switchyard/rules';
import type { Constraint } from '../../api/wire.ts';
import { toWireConstraint } from './constraint-model.ts';

/**
 * What the server would refuse in a constraint, per field; empty when it may be saved. The rules are the server's
 * own (`@switchyard/rules`), checked on the constraint as it would be sent.
 */
export function constraintProblems(constraint: Constraint): { contextName?: string; value?: string } {
  const wire = toWireConstraint(constraint);
  const problems: { contextName?: string; value?: string } = {};
  for (const problem of ruleProblems({ ...wire, values: wire.values ?? [] })) {
    if (problem.field === 'contextName') problems.contextName ??= 'Choose a context field';
    else problems.value ??= problem.message;
  }
  return problems;
}

export function isConstraintValid(constraint: Constraint): boolean {
  const p = constraintProblems(constraint);
  return !p.contextName && !p.value;
}
