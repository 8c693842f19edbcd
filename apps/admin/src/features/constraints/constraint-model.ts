import type { Operator } from '@switchyard/rules';
import type { Constraint, ConstraintBody } from '../../api/wire.ts';
import { isMultiValue, operatorInfo } from './operators.ts';

export function newConstraint(contextName = ''): Constraint {
  return { contextName, operator: 'IN', values: [], caseInsensitive: false, inverted: false };
}

/** Switching operator keeps what was typed where it still fits (a list's first entry becomes the value). */
export function changeOperator(constraint: Constraint, operator: Operator): Constraint {
  const wasList = isMultiValue(constraint.operator);
  const isList = isMultiValue(operator);
  const sameKind = operatorInfo(constraint.operator).kind === operatorInfo(operator).kind;
  const next: Constraint = { ...constraint, operator };
  if (wasList && !isList) {
    next.value = constraint.values?.[0] ?? '';
    next.values = [];
  } else if (!wasList && isList) {
    next.values = constraint.value ? [constraint.value] : [];
    delete next.value;
  } else if (!sameKind && !isList) {
    next.value = '';
  }
  if (!operatorInfo(operator).caseInsensitive) next.caseInsensitive = false;
  if (!operatorInfo(operator).invertible) next.inverted = false;
  return next;
}

/** The wire form: trimmed values, `values` for list operators and `value` for the rest. */
export function toWireConstraint(constraint: Constraint): ConstraintBody {
  const info = operatorInfo(constraint.operator);
  const base = {
    contextName: constraint.contextName,
    // Sent as stored: an operator the server does not know is refused by the checks before saving (and by the server).
    operator: constraint.operator as ConstraintBody['operator'],
    caseInsensitive: info.caseInsensitive ? Boolean(constraint.caseInsensitive) : false,
    inverted: info.invertible ? Boolean(constraint.inverted) : false,
  };
  if (isMultiValue(constraint.operator))
    return { ...base, values: (constraint.values ?? []).map((v) => v.trim()).filter(Boolean) };
  return { ...base, values: [], value: (constraint.value ?? '').trim() };
}
