import type { Db } from '../../../db/db.ts';

/** One point of the seats history: the people who held a seat in the 30 days up to `date`. */
export type SeatCount = { date: string; count: number };

/**
 * Counts seats as Unleash defines them: a person (not a service account) who had an account at any time in the 30
 * days up to a day, deleted or not since. Switchyard sells no seats, so the figure only tells how many people use it.
 */
export function createLicensedUsersReadModel(db: Db) {
  const seatsOn = `SELECT count(*)::int FROM users u
      WHERE NOT u.is_service AND u.created_at <= day.at
        AND (u.deleted_at IS NULL OR u.deleted_at > day.at - interval '30 days')`;
  return {
    /** Seats today, and at the end of each of the last twelve months and today, oldest first. */
    async seats(): Promise<{ current: number; history: SeatCount[] }> {
      const rows = await db.query<{ date: string; count: number }>(
        `SELECT to_char(day.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, (${seatsOn}) AS count
           FROM (
             SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                      - make_interval(months => n) - interval '1 millisecond' AS at
               FROM generate_series(0, 11) AS n
             UNION ALL SELECT now()
           ) AS day
          ORDER BY day.at`,
      );
      return { current: rows.at(-1)?.count ?? 0, history: rows };
    },
  };
}
