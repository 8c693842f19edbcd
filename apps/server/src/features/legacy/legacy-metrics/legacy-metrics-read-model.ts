import type { Db } from '../../../db/db.ts';
import { flagVisible } from '../../flag-model/projects/hidden-projects.ts';

export type UsageCount = { yes: number; no: number };
export type SeenApplication = {
  appName: string;
  description: string | null;
  url: string | null;
  color: string | null;
  icon: string | null;
  createdAt: Date;
  seenAt: Date | null;
};

/** Flags of private projects the caller does not see are left out; unknown flag names (never created) stay. */
const VISIBLE = flagVisible('m.flag_name', '$1');

/**
 * The old metrics summaries, read from the hourly usage buckets SDKs fill (client_metrics). Usage is kept per hour:
 * "last hour" is the current and the previous bucket, "last minute" the current bucket.
 */
export function createLegacyMetricsReadModel(db: Db) {
  const counts = async (hours: number, hidden: readonly string[], flagName?: string) => {
    const rows = await db.query<{ flag_name: string; yes: string; no: string }>(
      `SELECT m.flag_name, sum(m.yes) AS yes, sum(m.no) AS no FROM client_metrics m
        WHERE m.hour >= date_trunc('hour', now()) - make_interval(hours => $2) AND ${VISIBLE}
          AND ($3::text IS NULL OR m.flag_name = $3)
        GROUP BY m.flag_name ORDER BY m.flag_name`,
      [hidden, hours, flagName ?? null],
    );
    return new Map(rows.map((row) => [row.flag_name, { yes: Number(row.yes), no: Number(row.no) }]));
  };
  return {
    /** Per application, the flags it reported and how many buckets of counts it sent. */
    async seenFlags(
      hidden: readonly string[],
    ): Promise<{ appName: string; flags: string[]; buckets: number }[]> {
      const rows = await db.query<{ app_name: string; flags: string[]; buckets: string }>(
        `SELECT m.app_name, array_agg(DISTINCT m.flag_name ORDER BY m.flag_name) AS flags, count(*) AS buckets
           FROM client_metrics m WHERE ${VISIBLE} GROUP BY m.app_name ORDER BY m.app_name`,
        [hidden],
      );
      return rows.map((row) => ({ appName: row.app_name, flags: row.flags, buckets: Number(row.buckets) }));
    },
    /** Per flag, the registered applications that reported it. */
    async seenApplications(hidden: readonly string[]): Promise<Map<string, SeenApplication[]>> {
      const rows = await db.query<{
        flag_name: string;
        app_name: string;
        description: string | null;
        url: string | null;
        color: string | null;
        icon: string | null;
        created_at: Date;
        seen_at: Date | null;
      }>(
        `SELECT DISTINCT m.flag_name, a.* FROM client_metrics m JOIN client_applications a ON a.app_name = m.app_name
          WHERE ${VISIBLE} ORDER BY m.flag_name, a.app_name`,
        [hidden],
      );
      const byFlag = new Map<string, SeenApplication[]>();
      for (const row of rows) {
        const list = byFlag.get(row.flag_name) ?? [];
        list.push({
          appName: row.app_name,
          description: row.description,
          url: row.url,
          color: row.color,
          icon: row.icon,
          createdAt: row.created_at,
          seenAt: row.seen_at,
        });
        byFlag.set(row.flag_name, list);
      }
      return byFlag;
    },
    lastHour: (hidden: readonly string[], flagName?: string) => counts(1, hidden, flagName),
    lastMinute: (hidden: readonly string[], flagName?: string) => counts(0, hidden, flagName),
    async applicationsOf(flagName: string): Promise<string[]> {
      const rows = await db.query<{ app_name: string }>(
        'SELECT DISTINCT app_name FROM client_metrics WHERE flag_name = $1 ORDER BY app_name',
        [flagName],
      );
      return rows.map((row) => row.app_name);
    },
  };
}
