import { BadDataError } from '../../../http/errors.ts';

export const MAX_NAME_LENGTH = 100;

/**
 * Project ids and environment names appear in URLs and API token secrets, so, as in Unleash, they must survive
 * `encodeURIComponent` unchanged: letters, digits and `-_.~` only. `.` and `..` are refused as path segments.
 */
export function checkUrlFriendlyName(value: string, path: string, what: string): void {
  const fail = (rule: string) => {
    const message = `${what} "${value}" ${rule}`;
    throw new BadDataError(message, [{ message, path }]);
  };
  if (value.length === 0) fail('must not be empty');
  if (value.length > MAX_NAME_LENGTH) fail(`must be at most ${MAX_NAME_LENGTH} characters`);
  if (encodeURIComponent(value) !== value) {
    fail('must be URL-friendly: use only letters, digits and the characters - _ . ~');
  }
  if (value === '.' || value === '..') fail('is not allowed');
}
