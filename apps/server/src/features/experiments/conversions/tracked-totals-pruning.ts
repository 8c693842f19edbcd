import type { Db } from '../../../db/db.ts';

/**
 * How long a user's tracked totals are kept after their last tracked event: CUPED's pre-period reaches back this far
 * at most, and the table stays bounded by the users active within it instead of every user ever tracked.
 */
export const TRACKED_TOTALS_RETENTION_DAYS = 90;
/** One prune deletes at most this many rows, so it never holds a long transaction; the next hour takes the rest. */
const BATCH = 50_000;
/** The advisory lock that lets one process prune at a time. */
const PRUNE_LOCK = 0x5747_0057;

/**
 * Deletes the tracked totals of users not seen for TRACKED_TOTALS_RETENTION_DAYS, in one bounded batch, and answers
 * how many went; null when another process holds the prune (the database decides who prunes).
 */
export async function pruneTrackedTotals(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS taken', [
      PRUNE_LOCK,
    ]);
    if (!lock?.taken) return null;
    const before = new Date(now.getTime() - TRACKED_TOTALS_RETENTION_DAYS * 86_400_000);
    const rows = await tx.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM tracked_user_totals
          WHERE ctid IN (SELECT ctid FROM tracked_user_totals WHERE last_at < $1 LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before, BATCH],
    );
    return rows[0]?.n ?? 0;
  });
}
