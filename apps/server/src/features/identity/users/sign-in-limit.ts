import type { SignInLimits } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import { TooManyRequestsError } from '../../../http/errors.ts';
import { createSignInFailureStore } from './sign-in-failure-store.ts';

export type SignInLimit = ReturnType<typeof createSignInLimit>;

/**
 * Whose password is being tried: a known user by id, so their username and email share one count, or else the
 * name as typed, so guesses at names that do not exist are limited (and answered) the same way.
 */
export type PasswordHolder = { userId: number } | { login: string };

const accountOf = (holder: PasswordHolder) =>
  'userId' in holder ? `user:${holder.userId}` : `name:${holder.login.trim().toLowerCase()}`;

/**
 * Slows down password guessing: an account, and a client address, get a few wrong passwords per window
 * (SIGN_IN_FAILURES_PER_USER, SIGN_IN_FAILURES_PER_IP, SIGN_IN_FAILURE_WINDOW_MINUTES); after that every attempt is
 * refused with a 429, even with the right password, until old failures leave the window.
 */
export function createSignInLimit(db: Db, limits: SignInLimits) {
  const failures = createSignInFailureStore(db, limits);
  return {
    /**
     * Call before checking a password: counts the attempt as failed until `succeeded()` says otherwise, or throws
     * the 429. The message does not say whether the account or the address hit its limit.
     */
    async begin(holder: PasswordHolder, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const attempt = { account: accountOf(holder), ip };
      if ((await failures.reserve(attempt)) === undefined) {
        const seconds = await failures.retryAfterSeconds(attempt);
        throw new TooManyRequestsError(
          `Too many wrong passwords. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
          seconds,
        );
      }
      return { succeeded: () => failures.clear(attempt.account) };
    },
  };
}
