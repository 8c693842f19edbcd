import { describe, expect, it } from 'vitest';
import { changeOperator, newConstraint, toWireConstraint } from './constraint-model.ts';
import { constraintProblems } from './constraint-validation.ts';
import { instantToWallTime, wallTimeToInstant } from './zoned-date.ts';
import { buildConstraint } from '../../testing/wire-builders.ts';

describe('constraint model', () => {
  it('keeps the first list entry when switching to a single-value operator, and back', () => {
    const list = { ...newConstraint('version'), values: ['1.2.3', '2.0.0'] };
    const single = changeOperator(list, 'SEMVER_GT');
    expect(single.value).toBe('1.2.3');
    expect(single.values).toEqual([]);
    expect(changeOperator(single, 'IN').values).toEqual(['1.2.3']);
  });

  it('clears a value that no longer fits the new kind and drops case-insensitivity where it means nothing', () => {
    const number = { ...newConstraint('age'), operator: 'NUM_GT' as const, value: '18', inverted: true };
    expect(changeOperator(number, 'DATE_AFTER').value).toBe('');
    const regex = changeOperator(
      { ...newConstraint('email'), caseInsensitive: true, inverted: true },
      'REGEX',
    );
    // An inverted regex is fine, as the server accepts it (docs/decisions/0002).
    expect(regex.inverted).toBe(true);
    expect(regex.caseInsensitive).toBe(true);
    expect(changeOperator(regex, 'NUM_EQ').caseInsensitive).toBe(false);
  });

  it('sends trimmed values for list operators and a single value for the rest', () => {
    expect(
      toWireConstraint(buildConstraint({ contextName: 'a', operator: 'IN', values: [' x ', '', 'y'] })),
    ).toEqual({
      contextName: 'a',
      operator: 'IN',
      values: ['x', 'y'],
      caseInsensitive: false,
      inverted: false,
    });
    expect(
      toWireConstraint(
        buildConstraint({ contextName: 'a', operator: 'NUM_LT', value: ' 5 ', values: ['junk'] }),
      ),
    ).toMatchObject({
      value: '5',
      values: [],
    });
  });
});

describe('constraint validation', () => {
  const problem = (c: Parameters<typeof buildConstraint>[0]) => constraintProblems(buildConstraint(c)).value;
  it('refuses what the server refuses, and nothing more', () => {
    // An empty list and an inverted regex are accepted, as the server does (docs/decisions/0002).
    expect(problem({ contextName: 'a', operator: 'IN', values: [] })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'IN', values: [' ', ''] })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'REGEX', value: '^a', inverted: true })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'IN', values: ['ok'] })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'NUM_EQ', value: '12.5' })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'NUM_EQ', value: 'twelve' })).toBe(
      '"twelve" is not a number',
    );
    expect(problem({ contextName: 'a', operator: 'NUM_EQ', value: ' ' })).toBe('"value" is required');
    expect(problem({ contextName: 'a', operator: 'SEMVER_EQ', value: 'v1.2.3' })).toMatch(/leading "v"/);
    expect(problem({ contextName: 'a', operator: 'SEMVER_EQ', value: '2.0.0-beta.1' })).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'DATE_AFTER', value: 'tomorrow' })).toMatch(/date/);
    expect(
      problem({ contextName: 'a', operator: 'DATE_AFTER', value: '2024-01-01T10:00:00+02:00' }),
    ).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'REGEX', value: '^(a|b' })).toMatch(/not a valid RE2/);
    expect(problem({ contextName: 'a', operator: 'REGEX', value: 'a(?=b)' })).toMatch(/not a valid RE2/);
    expect(
      problem({ contextName: 'a', operator: 'IN_CIDR', values: ['10.0.0.0/8', '::1', '2001:db8::/32'] }),
    ).toBeUndefined();
    expect(problem({ contextName: 'a', operator: 'IN_CIDR', values: ['10.0.0.0/33'] })).toMatch(/not an IP/);
    expect(
      constraintProblems(buildConstraint({ contextName: '', operator: 'IN', values: ['x'] })).contextName,
    ).toBeTruthy();
  });
});

describe('dates with a time zone', () => {
  it('turns a wall time in a zone into the instant, both sides of a daylight-saving change', () => {
    expect(wallTimeToInstant('2024-01-15T09:30', 'Europe/Oslo')).toBe('2024-01-15T08:30:00.000Z');
    expect(wallTimeToInstant('2024-07-15T09:30', 'Europe/Oslo')).toBe('2024-07-15T07:30:00.000Z');
    expect(wallTimeToInstant('2024-07-15T09:30', 'UTC')).toBe('2024-07-15T09:30:00.000Z');
    expect(wallTimeToInstant('not a date', 'UTC')).toBeUndefined();
  });

  it('shows an instant as wall time in a zone', () => {
    expect(instantToWallTime('2024-07-15T07:30:00.000Z', 'Europe/Oslo')).toBe('2024-07-15T09:30');
    expect(instantToWallTime('2022-01-22T13:00:00+02:00', 'UTC')).toBe('2022-01-22T11:00');
  });
});
