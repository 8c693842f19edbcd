import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID (26 Crockford base-32 characters: 48 bits of milliseconds, then 80 random bits), the id Unleash gives
 * templates, milestones and their strategies; ids made later sort after earlier ones.
 */
export function newReleaseId(now: number = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32]! + time;
  const bytes = randomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i]! % 32]!;
  return time + random;
}
