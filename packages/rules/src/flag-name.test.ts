import { describe, expect, it } from 'vitest';
import { flagNameProblem } from './flag-name.ts';

describe('flag names', () => {
  it.each([
    'checkout',
    'Feature.A_b-c~d',
    "it's(ok)!*",
    'ünícödé',
    'Feature.UTF-8.Hellø_Wørld',
    'Feature.UTF-8.😊_φriend_你好_🌍',
    '👩‍💻-team',
    'a'.repeat(100),
  ])('accepts %s', (name) => {
    expect(flagNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'must not be empty'],
    ['with space', 'found a space at position 5'],
    ['slash/name', 'found "/" at position 6'],
    ['query?x', 'found "?"'],
    ['hash#', 'found "#"'],
    ['percent%20', 'found "%"'],
    ['non\u00a0breaking', 'found a space'],
    ['«quoted»', 'found "«"'],
    ['.', 'path step'],
    ['..', 'path step'],
    ['a'.repeat(101), 'at most 100 characters'],
  ])('refuses %j and says why', (name, why) => {
    expect(flagNameProblem(name)).toContain(why);
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(flagNameProblem('😊'.repeat(100))).toBeUndefined();
    expect(flagNameProblem('😊'.repeat(101))).toContain('at most 100');
  });
});
