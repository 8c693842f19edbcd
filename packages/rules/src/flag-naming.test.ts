import { describe, expect, it } from 'vitest';
import { namingProblem, namingRuleProblem } from './flag-naming.ts';

const rule = { pattern: '[a-z]+-[0-9]+', example: 'web-12', description: 'team, dash, ticket' };

describe('flag naming', () => {
  it('holds the whole name to the pattern', () => {
    expect(namingProblem('web-12', rule)).toBeUndefined();
    expect(namingProblem('my-web-12x', rule)).toMatch(
      /must match the project's naming pattern \^\[a-z\]\+-\[0-9\]\+\$/,
    );
    expect(namingProblem('anything', null)).toBeUndefined();
  });

  it('names the example and description when a name breaks the rule', () => {
    expect(namingProblem('Web', rule)).toBe(
      `"name" must match the project's naming pattern ^[a-z]+-[0-9]+$, such as "web-12" (team, dash, ticket); "Web" does not`,
    );
  });

  it('refuses patterns that are no regular expression, examples they refuse, and overlong patterns', () => {
    expect(namingRuleProblem(rule)).toBeUndefined();
    expect(namingRuleProblem({ ...rule, pattern: '[a-' })?.field).toBe('pattern');
    expect(namingRuleProblem({ ...rule, example: 'WEB' })?.field).toBe('example');
    expect(namingRuleProblem({ pattern: 'a'.repeat(501), example: null, description: null })?.field).toBe(
      'pattern',
    );
  });
});
