import type { Db } from '../../../db/db.ts';

/** Rows kept at most, newest first, and how long a name unseen stays listed. */
export const UNKNOWN_FLAGS_MAX = 1000;
export const UNKNOWN_FLAGS_KEPT_HOURS = 24;
/** Names taken from one report at most: a report naming thousands of flags cannot fill the table by itself. */
const NAMES_PER_REPORT = 100;

export type UnknownFlag = { name: string; appName: string; environment: string; seenAt: Date };

/** Flag names SDKs report usage for that no flag (archived ones included) carries. */
export function createUnknownFlagStore(db: Db) {
  return {
    /** Records the names among `names` that are no flag's, as seen now by `appName` in `environment`. */
    async record(appName: string, environment: string, names: string[]): Promise<void> {
      if (!names.length) return;
      await db.query(
        `INSERT INTO unknown_flags AS u (flag_name, app_name, environment, last_seen_at)
         SELECT n, $2, $3, now() FROM unnest($1::text[]) AS n
          WHERE NOT EXISTS (SELECT 1 FROM flags f WHERE f.name = n)
         ON CONFLICT (flag_name, app_name, environment) DO UPDATE SET last_seen_at = now()`,
        [names.slice(0, NAMES_PER_REPORT), appName, environment],
      );
    },
    /** Drops rows unseen for a day, rows beyond the newest UNKNOWN_FLAGS_MAX, and names that became flags. */
    async prune(): Promise<void> {
      await db.query(
        `DELETE FROM unknown_flags u
          WHERE u.last_seen_at < now() - make_interval(hours => $1)
             OR EXISTS (SELECT 1 FROM flags f WHERE f.name = u.flag_name)
             OR (u.flag_name, u.app_name, u.environment) NOT IN (
                  SELECT flag_name, app_name, environment FROM unknown_flags ORDER BY last_seen_at DESC LIMIT $2)`,
        [UNKNOWN_FLAGS_KEPT_HOURS, UNKNOWN_FLAGS_MAX],
      );
    },
    async list(): Promise<UnknownFlag[]> {
      const rows = await db.query<{
        flag_name: string;
        app_name: string;
        environment: string;
        last_seen_at: Date;
      }>(
        `SELECT * FROM unknown_flags u
          WHERE u.last_seen_at >= now() - make_interval(hours => $1)
            AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.name = u.flag_name)
          ORDER BY last_seen_at DESC, flag_name, app_name, environment LIMIT $2`,
        [UNKNOWN_FLAGS_KEPT_HOURS, UNKNOWN_FLAGS_MAX],
      );
      return rows.map((r) => ({
        name: r.flag_name,
        appName: r.app_name,
        environment: r.environment,
        seenAt: r.last_seen_at,
      }));
    },
  };
}
