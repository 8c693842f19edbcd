import { createJoinedHasher, murmurHash3Joined } from './murmur-hash.ts';

/** Seed for strategy rollouts (flexibleRollout, gradualRollout*). */
export const STRATEGY_SEED = 0;
/** Seed for variant selection, so a user's variant bucket is independent of their rollout bucket. */
export const VARIANT_SEED = 86028157;

/** Maps `"<groupId>:<id>"` to a bucket in 1..modulus, the way every Unleash SDK does. */
export function normalizedHash(groupId: string, id: string, modulus: number, seed = STRATEGY_SEED): number {
  return (murmurHash3Joined(groupId, id, seed) % modulus) + 1;
}

/** normalizedHash with groupId, modulus and seed fixed at compile time: the hot path hashes only the id. */
export function createNormalizedHasher(
  groupId: string,
  modulus: number,
  seed = STRATEGY_SEED,
): (id: string) => number {
  const hash = createJoinedHasher(groupId, seed);
  return (id) => (hash(id) % modulus) + 1;
}
