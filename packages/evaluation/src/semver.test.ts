import { describe, expect, it } from 'vitest';
import { compareSemver, parseConstraintSemver, parseContextSemver, parseSemver } from './semver.ts';

function order(left: string, right: string): number {
  const a = parseSemver(left);
  const b = parseSemver(right);
  if (!a || !b) throw new Error('invalid version');
  return compareSemver(a, b);
}

describe('semver', () => {
  it('orders by SemVer 2.0 precedence', () => {
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '2.0.0',
    ];
    for (let index = 1; index < chain.length; index += 1) {
      expect(order(chain[index - 1] ?? '', chain[index] ?? ''), `${chain[index - 1]} < ${chain[index]}`).toBe(
        -1,
      );
      expect(order(chain[index] ?? '', chain[index - 1] ?? '')).toBe(1);
    }
  });

  it('ignores build metadata', () => {
    expect(order('1.2.3+build.5', '1.2.3')).toBe(0);
  });

  it('rejects what is not strict SemVer', () => {
    for (const text of ['1.2', '01.2.3', '1.2.3-', '1.2.3-01', 'v1.2.3', '1.2.3.4', 'not a semver', '']) {
      expect(parseSemver(text), text).toBeNull();
    }
  });

  it('refuses a leading v on the context side but accepts it in a constraint value', () => {
    expect(parseContextSemver('v2.0.0')).toBeNull();
    expect(parseContextSemver(' 2.0.0 ')).not.toBeNull();
    expect(parseConstraintSemver('v2.0.0')).toEqual(parseSemver('2.0.0'));
  });
});
