import { readFileSync } from 'node:fs';
import { OPERATORS } from '@switchyard/rules';
import { describe, expect, it } from 'vitest';
import { constraintProblems, normalizeConstraint } from './constraint.ts';

const problems = (input: Parameters<typeof normalizeConstraint>[0]) =>
  constraintProblems(normalizeConstraint(input), '/body/constraints/0');

describe('constraints', () => {
  it('fills the defaults Unleash stores and keeps value only when sent', () => {
    expect(normalizeConstraint({ contextName: 'userId', operator: 'IN', values: ['1'] })).toEqual({
      contextName: 'userId',
      operator: 'IN',
      values: ['1'],
      inverted: false,
      caseInsensitive: false,
    });
    expect(normalizeConstraint({ contextName: 'n', operator: 'NUM_EQ', value: '1' }).value).toBe('1');
  });

  it.each([
    { contextName: 'appName', operator: 'IN', values: ['web'] },
    { contextName: 'appName', operator: 'NOT_IN', values: ['web'] },
    { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
    { contextName: 'email', operator: 'STR_STARTS_WITH', values: ['admin'] },
    { contextName: 'email', operator: 'STR_CONTAINS', values: ['x'], inverted: true },
    { contextName: 'age', operator: 'NUM_EQ', value: '12.0' },
    { contextName: 'age', operator: 'NUM_GT', value: '-3' },
    { contextName: 'age', operator: 'NUM_GTE', value: '1e3' },
    { contextName: 'age', operator: 'NUM_LT', value: '5' },
    { contextName: 'age', operator: 'NUM_LTE', value: '5' },
    { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2022-01-22T13:00:00+02:00' },
    { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2022-01-22T11:30Z' },
    { contextName: 'version', operator: 'SEMVER_EQ', value: '1.2.3' },
    { contextName: 'version', operator: 'SEMVER_GT', value: '2.0.0-alpha.1' },
    { contextName: 'version', operator: 'SEMVER_GTE', value: '2.0.0+build.5' },
    { contextName: 'version', operator: 'SEMVER_LT', value: '0.0.1' },
    { contextName: 'version', operator: 'SEMVER_LTE', value: '10.20.30' },
    { contextName: 'userId', operator: 'REGEX', value: '^[[:alpha:]]+(?i)abc$' },
    { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '::1', '2001:db8::/32'] },
  ])('accepts a valid $operator constraint', (input) => {
    expect(problems(input)).toEqual([]);
  });

  it('accepts an empty list and an inverted regex, which SDKs evaluate consistently', () => {
    expect(problems({ contextName: 'a', operator: 'IN', values: [] })).toEqual([]);
    expect(problems({ contextName: 'a', operator: 'REGEX', value: '^abc$', inverted: true })).toEqual([]);
  });

  it.each([
    [{ contextName: 'a', operator: 'NOT_A_VALID_OPERATOR', values: ['x'] }, 'unknown operator', '/operator'],
    [{ contextName: 'a', operator: 'IN', values: ['x'.repeat(101)] }, '1 to 100 characters', '/values/0'],
    [{ contextName: 'a', operator: 'NUM_GT', value: 'ten' }, 'not a number', '/value'],
    [{ contextName: 'a', operator: 'NUM_EQ' }, '"value" is required', '/value'],
    [{ contextName: 'a', operator: 'DATE_AFTER', value: 'tomorrow' }, 'not an RFC 3339 date', '/value'],
    [
      { contextName: 'a', operator: 'DATE_BEFORE', value: '2022-02-30T00:00:00Z' },
      'not an RFC 3339 date',
      '/value',
    ],
    [{ contextName: 'a', operator: 'SEMVER_EQ', value: 'v1.2.3' }, 'strict semantic version', '/value'],
    [{ contextName: 'a', operator: 'SEMVER_LT', value: '1.2' }, 'strict semantic version', '/value'],
    [{ contextName: 'a', operator: 'REGEX', value: '(?=lookahead)' }, 'not a valid RE2', '/value'],
    [{ contextName: 'a', operator: 'REGEX', value: '(a)\\1' }, 'not a valid RE2', '/value'],
    [{ contextName: 'a', operator: 'REGEX', value: '[unclosed' }, 'not a valid RE2', '/value'],
    [
      { contextName: 'a', operator: 'IN_CIDR', values: ['10.0.0.0/8', '999.1.1.1'] },
      'not an IP address',
      '/values/1',
    ],
  ])('refuses %j naming the constraint and the field', (input, message, suffix) => {
    const found = problems(input);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.message).toContain(message);
    expect(found[0]!.message).toContain(`constraint on "a" (${input.operator})`);
    expect(found[0]!.path).toBe(`/body/constraints/0${suffix}`);
  });
});

/** Every `enum` of an `operator` property anywhere in the published OpenAPI document. */
function publishedOperatorEnums(node: unknown, key = ''): unknown[][] {
  if (Array.isArray(node)) return node.flatMap((child) => publishedOperatorEnums(child));
  if (typeof node !== 'object' || node === null) return [];
  const own = key === 'operator' && 'enum' in node && Array.isArray(node.enum) ? [node.enum] : [];
  return [...own, ...Object.entries(node).flatMap(([k, child]) => publishedOperatorEnums(child, k))];
}

describe('the published operators', () => {
  it("are the shared rules' operators wherever openapi.json lists them", () => {
    const document: unknown = JSON.parse(
      readFileSync(new URL('../../../../openapi.json', import.meta.url), 'utf8'),
    );
    const enums = publishedOperatorEnums(document);
    expect(enums.length).toBeGreaterThan(0);
    for (const published of enums) expect(published).toEqual(OPERATORS);
  });
});
