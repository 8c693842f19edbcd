import { describe, expect, it } from 'vitest';
import { constraintProblems } from './constraint-problems.ts';

const problems = (constraint: {
  contextName?: string;
  operator: string;
  values?: string[];
  value?: string;
}) => constraintProblems({ contextName: 'a', values: [], ...constraint });

describe('constraint problems', () => {
  it('accepts an empty list and an inverted regex, as the client specification defines both', () => {
    expect(problems({ operator: 'IN' })).toEqual([]);
    expect(problems({ operator: 'NOT_IN' })).toEqual([]);
    expect(problems({ operator: 'REGEX', value: '^a' })).toEqual([]);
  });

  it('checks single values by their type', () => {
    expect(problems({ operator: 'NUM_EQ', value: '12.5' })).toEqual([]);
    expect(problems({ operator: 'NUM_EQ', value: 'twelve' })).toEqual([
      { field: 'value', message: '"twelve" is not a number' },
    ]);
    expect(problems({ operator: 'SEMVER_EQ', value: 'v1.2.3' })[0]?.message).toMatch(/no leading "v"/);
    expect(problems({ operator: 'DATE_AFTER', value: 'tomorrow' })[0]?.message).toMatch(/RFC 3339/);
    expect(problems({ operator: 'REGEX', value: 'a(?=b)' })[0]?.message).toMatch(/RE2/);
    expect(problems({ operator: 'NUM_LT' })).toEqual([{ field: 'value', message: '"value" is required' }]);
  });

  it('names the list entry that is wrong', () => {
    expect(problems({ operator: 'IN_CIDR', values: ['10.0.0.0/8', '10.0.0.0/33'] })).toEqual([
      { field: 'values', index: 1, message: '"10.0.0.0/33" is not an IP address or CIDR range' },
    ]);
    expect(problems({ operator: 'IN', values: ['x'.repeat(101)] })).toEqual([
      { field: 'values', index: 0, message: 'each value must be 1 to 100 characters long' },
    ]);
  });

  it('stops at an unknown operator and reports an empty context name', () => {
    expect(problems({ operator: 'LIKE' })[0]?.field).toBe('operator');
    expect(problems({ contextName: ' ', operator: 'IN' })).toEqual([
      { field: 'contextName', message: '"contextName" is empty' },
    ]);
  });
});
