import bcrypt from 'bcryptjs';

/** bcrypt with cost 10: about 50 ms a check, slow enough for stolen hashes, fast enough for logins. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** The hash of a random password nobody knows, with the same cost as hashPassword (a test holds them equal). */
export const DECOY_HASH = '$2b$10$9MBUbA2Vh6M/s88IrkpmY.nmdOdYkFoDSToHvBnXgbE7HZBuw.dh2';

/**
 * Checks a sign-in against a user's hash, or, for an unknown user or one without a password, against the decoy:
 * both take one bcrypt comparison, so the answer time does not tell which user names exist.
 */
export async function verifySignIn(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await verifyPassword(password, hash ?? DECOY_HASH);
  return ok && hash !== null && hash !== undefined;
}
