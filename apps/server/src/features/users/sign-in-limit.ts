import type { SignInLimits } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { TooManyRequestsError } from '../../http/errors.ts';
import { createSignInFailureStore } from './sign-in-failure-store.ts';

export type SignInLimit = ReturnType<typeof createSignInLimit>;

/**
 * Slows down password guessing: a user name, and a client address, get a few wrong passwords per window
 * (SIGN_IN_FAILURES_PER_USER, SIGN_IN_FAILURES_PER_IP, SIGN_IN_FAILURE_WINDOW_MINUTES); after that every attempt is
 * refused with a 429, even with the right password, until old failures leave the window.
 */
export function createSignInLimit(db: Db, limits: SignInLimits) {
  const failures = createSignInFailureStore(db, limits);
  return {
    /**
     * Call before checking a password: counts the attempt as failed until `succeeded()` says otherwise, or throws
     * the 429. The message does not say whether the user name or the address hit its limit.
     */
    async begin(username: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const attempt = { username: username.trim().toLowerCase(), ip };
      if ((await failures.reserve(attempt)) === undefined) {
        const seconds = await failures.retryAfterSeconds(attempt);
        throw new TooManyRequestsError(
          `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
          seconds,
        );
      }
      return { succeeded: () => failures.clear(attempt.username) };
    },
  };
}
