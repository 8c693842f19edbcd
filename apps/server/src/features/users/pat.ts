import { randomBytes } from 'node:crypto';
import { BadDataError } from '../../http/errors.ts';

/** A new token secret. The `user:` prefix tells personal and service-account tokens from API tokens. */
export const newPatSecret = () => `user:${randomBytes(28).toString('hex')}`;

/** The expiry of a new token: a date in the future, or a 400 that names the field. */
export function patExpiry(value: string): Date {
  const expiresAt = new Date(value);
  if (expiresAt.getTime() <= Date.now()) {
    throw new BadDataError('"expiresAt" must be in the future', [
      { message: '"expiresAt" must be in the future', path: '/body/expiresAt' },
    ]);
  }
  return expiresAt;
}
