import bcrypt from 'bcryptjs';

/** bcrypt with cost 10: about 50 ms a check, slow enough for stolen hashes, fast enough for logins. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
