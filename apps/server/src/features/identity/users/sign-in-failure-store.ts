import type { SignInLimits } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';

/** Who is trying to sign in: the account (see sign-in-limit.ts) and the client address. */
export type SignInAttempt = { account: string; ip: string };

/** Any constant works; with the account it keys the lock that makes one account's attempts count one at a time. */
const SIGN_IN_LOCK = 7_424_243;

const IN_WINDOW = `failed_at > now() - make_interval(mins => $3)`;

/** The failed password sign-ins of the last few minutes, shared by every server process on the database. */
export function createSignInFailureStore(db: Db, limits: SignInLimits) {
  return {
    /**
     * Counts the attempt as a failure in advance, unless the account or the address already reached its limit;
     * returns the new row's id, or undefined when refused. Counting before the slow password check means parallel
     * guesses cannot all slip under the limit while the first ones are still being checked; the lock makes the
     * count and the insert one step for an account across every process on a PostgreSQL server.
     */
    async reserve(attempt: SignInAttempt): Promise<string | undefined> {
      const [row] = await db.transaction(async (tx) => {
        if (tx.kind === 'postgres')
          await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SIGN_IN_LOCK, attempt.account]);
        return tx.query<{ id: string }>(
          // Expired rows go too; SKIP LOCKED, so two sign-ins never wait on each other's clean-up.
          `WITH expired AS (
             DELETE FROM sign_in_failures WHERE id IN (
               SELECT id FROM sign_in_failures WHERE failed_at <= now() - make_interval(mins => $3)
                  FOR UPDATE SKIP LOCKED))
         INSERT INTO sign_in_failures (account, ip)
         SELECT $1, $2
          WHERE (SELECT count(*) FROM sign_in_failures WHERE account = $1 AND ${IN_WINDOW}) < $4
            AND (SELECT count(*) FROM sign_in_failures WHERE ip = $2 AND ${IN_WINDOW}) < $5
         RETURNING id`,
          [attempt.account, attempt.ip, limits.windowMinutes, limits.failuresPerUser, limits.failuresPerIp],
        );
      });
      return row ? String(row.id) : undefined;
    },
    /** Seconds until the failures that block this attempt have aged out of the window far enough to try again. */
    async retryAfterSeconds(attempt: SignInAttempt): Promise<number> {
      // The limit-th newest failure is the one whose expiry brings the count back under the limit.
      const [row] = await db.query<{ seconds: number | null }>(
        `SELECT ceil(GREATEST(
                  (SELECT extract(epoch FROM failed_at + make_interval(mins => $3) - now()) FROM sign_in_failures
                    WHERE account = $1 AND ${IN_WINDOW} ORDER BY failed_at DESC OFFSET $4 - 1 LIMIT 1),
                  (SELECT extract(epoch FROM failed_at + make_interval(mins => $3) - now()) FROM sign_in_failures
                    WHERE ip = $2 AND ${IN_WINDOW} ORDER BY failed_at DESC OFFSET $5 - 1 LIMIT 1)))::int AS seconds`,
        [attempt.account, attempt.ip, limits.windowMinutes, limits.failuresPerUser, limits.failuresPerIp],
      );
      return Math.max(1, row?.seconds ?? 1);
    },
    /** Forgets the account's failures: they were that person's typos, now that the right password came. */
    async clear(account: string): Promise<void> {
      await db.query('DELETE FROM sign_in_failures WHERE account = $1', [account]);
    },
  };
}

export type SignInFailureStore = ReturnType<typeof createSignInFailureStore>;
