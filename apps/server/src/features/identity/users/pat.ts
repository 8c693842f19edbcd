import { randomBytes } from 'node:crypto';
import { BadDataError } from '../../../http/errors.ts';

/** A new token secret. The `user:` prefix tells personal and service-account tokens from API tokens. */
export const newPatSecret = () => `user:${randomBytes(28).toString('hex')}`;

/** A date in the future, or a 400 that names the field (`path`, such as /body/expiresAt). */
export function futureDate(value: string, path = '/body/expiresAt'): Date {
  const date = new Date(value);
  if (date.getTime() <= Date.now()) {
    const field = path.split('/').pop();
    throw new BadDataError(`"${field}" must be in the future`, [
      { message: `"${field}" must be in the future`, path },
    ]);
  }
  return date;
}
