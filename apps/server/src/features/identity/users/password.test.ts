import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, verifySignIn } from './password.ts';

describe('password checks', () => {
  it('compare unknown users against a decoy that costs as much as a real hash', async () => {
    expect(bcrypt.getRounds(DECOY_HASH)).toBe(bcrypt.getRounds(await hashPassword('any-password')));
  });

  it('let in only the right password of a user who has one', async () => {
    const hash = await hashPassword('right-password');
    expect(await verifySignIn('right-password', hash)).toBe(true);
    expect(await verifySignIn('wrong-password', hash)).toBe(false);
    expect(await verifySignIn('right-password', null)).toBe(false);
    expect(await verifySignIn('right-password', undefined)).toBe(false);
  });
});
