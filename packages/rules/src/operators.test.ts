import { OPERATOR_NAMES, BUILT_IN_STRATEGIES as EVALUATED_STRATEGIES } from '@switchyard/evaluation';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_STRATEGIES, flexibleRolloutDefaults } from './built-in-strategies.ts';
import { isOperator, OPERATORS, operatorRule, takesList } from './operators.ts';

describe('operators', () => {
  it('are the ones evaluation knows, no more and no fewer', () => {
    expect([...OPERATORS].sort()).toEqual([...OPERATOR_NAMES].sort());
  });

  it('say what they take and which switches count', () => {
    expect(takesList('IN')).toBe(true);
    expect(takesList('IN_CIDR')).toBe(true);
    expect(takesList('NUM_EQ')).toBe(false);
    expect(takesList('NOPE')).toBe(false);
    expect(isOperator('toString')).toBe(false);
    expect(operatorRule('REGEX')).toEqual({
      takes: 'value',
      valueType: 'regex',
      caseInsensitive: true,
      invertible: true,
    });
    expect(OPERATORS.filter((o) => operatorRule(o).caseInsensitive)).toEqual([
      'STR_ENDS_WITH',
      'STR_STARTS_WITH',
      'STR_CONTAINS',
      'REGEX',
    ]);
    expect(OPERATORS.every((o) => operatorRule(o).invertible)).toBe(true);
  });
});

describe('built-in strategies', () => {
  it('are the ones evaluation runs', () => {
    expect(BUILT_IN_STRATEGIES.map((s) => s.name).sort()).toEqual([...EVALUATED_STRATEGIES].sort());
  });

  it('give a flexible rollout 100%, the stickiness and the group id', () => {
    expect(flexibleRolloutDefaults('checkout')).toEqual({
      rollout: '100',
      stickiness: 'default',
      groupId: 'checkout',
    });
    expect(flexibleRolloutDefaults('', 'tenant').stickiness).toBe('tenant');
  });
});
