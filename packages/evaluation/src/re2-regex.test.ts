import { describe, expect, it } from 'vitest';
import { compileRe2 } from './re2-regex.ts';

function matches(pattern: string, input: string, caseInsensitive = false): boolean {
  const regex = compileRe2(pattern, caseInsensitive);
  if (!regex) throw new Error(`pattern ${pattern} was rejected`);
  return regex.test(input);
}

describe('compileRe2', () => {
  it('searches without anchoring', () => {
    expect(matches('cat', 'concatenate')).toBe(true);
    expect(matches('^cat', 'concatenate')).toBe(false);
  });

  it('rejects what RE2 rejects', () => {
    for (const pattern of [
      '(?=a)b',
      '(?!a)b',
      '(?<=a)b',
      '(?<!a)b',
      '(a)\\1',
      '\\y',
      '(unclosed',
      'a)',
      '[a',
      'x{2000}',
      '(?U)a*',
    ]) {
      expect(compileRe2(pattern), pattern).toBeUndefined();
    }
  });

  it('reads POSIX classes, including negated ones', () => {
    expect(matches('^[[:digit:][:upper:]]+$', 'A1B2')).toBe(true);
    expect(matches('^[[:digit:][:upper:]]+$', 'a1')).toBe(false);
    expect(matches('^[[:^digit:]]+$', 'abc')).toBe(true);
    expect(matches('^[[:^digit:]]+$', 'ab1')).toBe(false);
    expect(compileRe2('[[:nonsense:]]')).toBeUndefined();
  });

  it('keeps \\s to ASCII white space, as RE2 does', () => {
    expect(matches('^\\s$', '\t')).toBe(true);
    expect(matches('^\\s$', '\u00a0')).toBe(false);
    expect(matches('^\\S$', '\u00a0')).toBe(true);
    expect(matches('^[\\s]$', '\u2003')).toBe(false);
  });

  it('scopes (?s) and (?m) to their group', () => {
    expect(matches('^(?s:a.b)$', 'a\nb')).toBe(true);
    expect(matches('^(?s:a.b)c.d$', 'a\nbc\nd')).toBe(false);
    expect(matches('(?m)^b$', 'a\nb\nc')).toBe(true);
    expect(matches('^b$', 'a\nb\nc')).toBe(false);
    expect(matches('(?m:^b$)|^z', 'a\nb')).toBe(true);
  });

  it('treats (?i) and caseInsensitive alike', () => {
    expect(matches('(?i)hello', 'HeLLo')).toBe(true);
    expect(matches('hello', 'HeLLo', true)).toBe(true);
    expect(matches('hello', 'HeLLo')).toBe(false);
  });

  it('keeps $ at the very end, not before a final newline', () => {
    expect(matches('a$', 'a\n')).toBe(false);
    expect(matches('\\Aa\\z', 'a')).toBe(true);
  });

  it('reads literals the way RE2 does', () => {
    expect(matches('^a{,3}$', 'a{,3}')).toBe(true);
    expect(matches('^[]a]+$', ']a]')).toBe(true);
    expect(matches('^\\Qa.b*\\E$', 'a.b*')).toBe(true);
    expect(matches('^\\Qa.b*\\E$', 'axbb')).toBe(false);
    expect(matches('^a\\-b$', 'a-b')).toBe(true);
    expect(matches('^\\x41\\x{42}\\103$', 'ABC')).toBe(true);
    expect(matches('^\\101$', 'A')).toBe(true);
  });

  it('supports named groups, non-greedy repeats and Unicode classes', () => {
    expect(matches('^(?P<word>\\w+)-(?<n>\\d+)$', 'abc-12')).toBe(true);
    expect(matches('^a.*?b$', 'a__b__b')).toBe(true);
    expect(matches('^\\pL+$', 'héllo')).toBe(true);
    expect(matches('^\\p{Greek}+$', 'αβγ')).toBe(true);
    expect(matches('^\\p{Greek}+$', 'abc')).toBe(false);
  });

  it('uses ASCII word boundaries', () => {
    expect(matches('\\bcat\\b', 'a cat b')).toBe(true);
    expect(matches('\\bcat\\b', 'concatenate')).toBe(false);
  });
});
