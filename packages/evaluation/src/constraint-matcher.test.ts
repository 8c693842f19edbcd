import { describe, expect, it } from 'vitest';
import { compileConstraint, OPERATOR_NAMES } from './constraint-matcher.ts';
import { createRuntime } from './runtime.ts';
import type { Constraint, Context } from './types.ts';

const NOW = Date.UTC(2024, 5, 1);
const runtime = createRuntime({ now: () => NOW });

function holds(constraint: Partial<Constraint> & { operator: string }, context: Context): boolean {
  return compileConstraint({ contextName: 'field', ...constraint }).test(context, runtime);
}

const field = (value: string | null) => ({ properties: { field: value } });

describe('compileConstraint', () => {
  it('knows every operator of the specification and the admin API', () => {
    expect([...OPERATOR_NAMES].sort()).toEqual([
      'DATE_AFTER',
      'DATE_BEFORE',
      'IN',
      'IN_CIDR',
      'NOT_IN',
      'NUM_EQ',
      'NUM_GT',
      'NUM_GTE',
      'NUM_LT',
      'NUM_LTE',
      'REGEX',
      'SEMVER_EQ',
      'SEMVER_GT',
      'SEMVER_GTE',
      'SEMVER_LT',
      'SEMVER_LTE',
      'STR_CONTAINS',
      'STR_ENDS_WITH',
      'STR_STARTS_WITH',
    ]);
  });

  it('reads root fields before properties, and properties for any name', () => {
    expect(holds({ contextName: 'userId', operator: 'IN', values: ['7'] }, { userId: '7' })).toBe(true);
    expect(
      holds({ contextName: 'userId', operator: 'IN', values: ['7'] }, { properties: { userId: '7' } }),
    ).toBe(true);
    expect(
      holds(
        { contextName: 'userId', operator: 'IN', values: ['7'] },
        { userId: '8', properties: { userId: '7' } },
      ),
    ).toBe(false);
    expect(holds({ contextName: 'constructor', operator: 'NOT_IN', values: ['x'] }, {})).toBe(true);
  });

  it('compares IN exactly, trimming list entries and ignoring caseInsensitive', () => {
    expect(holds({ operator: 'IN', values: [' a ', ''] }, field('a'))).toBe(true);
    expect(holds({ operator: 'IN', values: ['a'], caseInsensitive: true }, field('A'))).toBe(false);
    expect(
      holds({ operator: 'IN', values: ['12'] }, { properties: { field: 12 as unknown as string } }),
    ).toBe(true);
  });

  it('inverts after the missing-value rule', () => {
    expect(holds({ operator: 'STR_CONTAINS', values: ['x'], inverted: true }, {})).toBe(true);
    expect(holds({ operator: 'NUM_GT', value: '1', inverted: true }, field(null))).toBe(true);
    expect(holds({ operator: 'NOT_IN', values: ['x'], inverted: true }, {})).toBe(false);
  });

  it('keeps an unknown operator false even when inverted', () => {
    const constraint = compileConstraint({ contextName: 'field', operator: 'NOPE', inverted: true });
    expect(constraint.known).toBe(false);
    expect(constraint.test(field('x'), runtime)).toBe(false);
  });

  it('lowercases both sides of string operators when caseInsensitive', () => {
    expect(
      holds({ operator: 'STR_ENDS_WITH', values: ['.COM'], caseInsensitive: true }, field('a@b.com')),
    ).toBe(true);
    expect(holds({ operator: 'STR_ENDS_WITH', values: ['.COM'] }, field('a@b.com'))).toBe(false);
    expect(holds({ operator: 'STR_STARTS_WITH', values: [] }, field('a'))).toBe(false);
  });

  it('treats blank or non-numeric numbers as no match', () => {
    expect(holds({ operator: 'NUM_EQ', value: '0' }, field(''))).toBe(false);
    expect(holds({ operator: 'NUM_EQ', value: '0' }, field('   '))).toBe(false);
    expect(holds({ operator: 'NUM_LT', value: 'ten' }, field('1'))).toBe(false);
    expect(holds({ operator: 'NUM_GTE', value: '1e3' }, field('1000.0'))).toBe(true);
    expect(holds({ operator: 'NUM_LTE', value: '-1.5' }, field('-2'))).toBe(true);
  });

  it('compares dates strictly, against now when currentTime is missing', () => {
    const after = { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2024-01-01T00:00:00Z' };
    expect(holds(after, {})).toBe(true);
    expect(holds({ ...after, operator: 'DATE_BEFORE' }, {})).toBe(false);
    expect(holds(after, { currentTime: new Date(Date.UTC(2023, 0, 1)) })).toBe(false);
    expect(holds(after, { currentTime: Date.UTC(2024, 0, 1) })).toBe(false);
    expect(holds(after, { currentTime: '2024-01-01T00:00:00.001Z' })).toBe(true);
    expect(holds(after, { currentTime: 'garbage' })).toBe(false);
    expect(holds({ ...after, value: 'not a date' }, {})).toBe(false);
  });

  it('reads other date fields by name, with no fallback to now', () => {
    const constraint = {
      contextName: 'signedUpAt',
      operator: 'DATE_BEFORE',
      value: '2024-01-01T00:00:00+01:00',
    };
    expect(holds(constraint, { properties: { signedUpAt: '2023-12-31T23:30:00Z' } })).toBe(false);
    expect(holds(constraint, { properties: { signedUpAt: '2023-12-31T22:30:00Z' } })).toBe(true);
    expect(holds(constraint, {})).toBe(false);
  });

  it('compares versions and rejects invalid ones', () => {
    expect(holds({ operator: 'SEMVER_GTE', value: '1.10.0' }, field('1.9.9'))).toBe(false);
    expect(holds({ operator: 'SEMVER_GTE', value: '1.10.0' }, field('1.10.0'))).toBe(true);
    expect(holds({ operator: 'SEMVER_EQ', value: 'v1.0.0' }, field('1.0.0'))).toBe(true);
    expect(holds({ operator: 'SEMVER_EQ', value: '1.0' }, field('1.0.0'))).toBe(false);
    expect(holds({ operator: 'SEMVER_LT', value: '1.0.0' }, {})).toBe(false);
  });

  it('matches regexes and CIDR ranges', () => {
    expect(holds({ operator: 'REGEX', value: '^[a-z]+@corp\\.com$' }, field('ann@corp.com'))).toBe(true);
    expect(holds({ operator: 'REGEX', value: '(bad', inverted: true }, field('x'))).toBe(true);
    expect(holds({ operator: 'IN_CIDR', values: ['10.0.0.0/8', 'fd00::/8'] }, field('fd12::1'))).toBe(true);
    expect(holds({ operator: 'IN_CIDR', values: ['10.0.0.0/8'] }, field('11.0.0.1'))).toBe(false);
    expect(holds({ operator: 'IN_CIDR', values: ['10.0.0.0/8'] }, field('not-an-ip'))).toBe(false);
  });
});
