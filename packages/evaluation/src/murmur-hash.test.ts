import { describe, expect, it } from 'vitest';
import { createJoinedHasher, murmurHash3, murmurHash3Joined } from './murmur-hash.ts';
import { normalizedHash, STRATEGY_SEED, VARIANT_SEED } from './normalized-hash.ts';

describe('murmurHash3', () => {
  it.each([
    ['', 0, 0],
    ['', 1, 1364076727],
    ['a', 0, 1009084850],
    ['ab', 0, 2613040991],
    ['abc', 0, 3017643002],
    ['AB12A:122', 0, 1062108722],
    ['AB12A:155', 0, 3268232399],
    ['Feature.flexibleRollout.10:174', 0, 3067997709],
    ['Feature.Variants.C:232', VARIANT_SEED, 2010930785],
    ['Feature.Variants.B:0', VARIANT_SEED, 3067984052],
  ])('hashes %j with seed %i to %i', (input, seed, expected) => {
    expect(murmurHash3(input, seed)).toBe(expected);
  });

  // UTF-8 bytes, as Yggdrasil hashes them; the Node SDK's low-byte reading gives other values here.
  it.each([
    ['g:Hellø', 0, 2818825594],
    ['gruppe:Ærlig', 0, 59848489],
    ['旗帜:用户', VARIANT_SEED, 4096869814],
    ['🚀flag:🦄', 0, 3250829542],
  ])('hashes non-ASCII %j over its UTF-8 bytes', (input, seed, expected) => {
    expect(murmurHash3(input, seed)).toBe(expected);
  });

  it('hashes a lone surrogate as U+FFFD, like TextEncoder', () => {
    expect(murmurHash3('a\ud800b')).toBe(murmurHash3('a\ufffdb'));
  });

  it('handles input longer than the initial scratch buffer', () => {
    const long = 'x'.repeat(1000) + 'é'.repeat(500);
    const first = murmurHash3(long);
    expect(murmurHash3(long)).toBe(first);
    expect(murmurHash3(long + 'y')).not.toBe(first);
  });

  it('hashes a joined key like the joined string', () => {
    expect(murmurHash3Joined('AB12A', '122')).toBe(1062108722);
    expect(murmurHash3Joined('旗帜', '用户', VARIANT_SEED)).toBe(4096869814);
  });
});

describe('normalizedHash', () => {
  it.each([
    ['AB12A', '122', 100, STRATEGY_SEED, 23],
    ['AB12A', '155', 100, STRATEGY_SEED, 100],
    ['Feature.flexibleRollout.10', '174', 100, STRATEGY_SEED, 10],
    ['Feature.flexibleRollout.10', '499', 100, STRATEGY_SEED, 32],
    ['Feature.Variants.C', '232', 99, VARIANT_SEED, 18],
    ['Feature.Variants.C', '607', 99, VARIANT_SEED, 58],
    ['Feature.Variants.C', '656', 99, VARIANT_SEED, 94],
    ['Feature.Variants.B', '0', 2, VARIANT_SEED, 1],
    ['Feature.Variants.B', '2', 2, VARIANT_SEED, 2],
  ])('puts %s:%s (modulus %i, seed %i) in bucket %i', (groupId, id, modulus, seed, bucket) => {
    expect(normalizedHash(groupId, id, modulus, seed)).toBe(bucket);
  });
});

describe('createJoinedHasher', () => {
  it('hashes exactly as murmurHash3Joined for every prefix length and any suffix', () => {
    const prefixes = ['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'flag-123', 'bench-flag-0001', '旗帜', 'é😀x'];
    const suffixes = ['', '1', 'user-42', '用户', '😀', '\ud800', 'a'.repeat(300)];
    for (const prefix of prefixes) {
      for (const seed of [0, VARIANT_SEED]) {
        const hash = createJoinedHasher(prefix, seed);
        for (const suffix of suffixes) {
          expect(hash(suffix), `${prefix}:${suffix} seed ${seed}`).toBe(
            murmurHash3Joined(prefix, suffix, seed),
          );
        }
      }
    }
  });

  it('hashes one suffix under prefixes of every offset, with other hashes run in between', () => {
    const hashers = ['abcd', 'a', 'ab', 'abc'].map(
      (prefix) => [prefix, createJoinedHasher(prefix, 0)] as const,
    );
    for (const suffix of ['user-9', 'u', 'session-123456789', 'ü-ü']) {
      for (const [prefix, hash] of hashers) {
        const got = hash(suffix);
        murmurHash3(`noise-${'y'.repeat(prefix.length * 50)}`);
        expect(got, `${prefix}:${suffix}`).toBe(murmurHash3Joined(prefix, suffix, 0));
      }
    }
  });

  it('is unaffected by other hashes run between its calls', () => {
    const hash = createJoinedHasher('group', 0);
    const first = hash('user-1');
    murmurHash3('x'.repeat(1000));
    expect(hash('user-1')).toBe(first);
  });
});
