import type { Db } from '../../../db/db.ts';
import { currentStageEnteredSql, currentStageSql, firstEnabled } from '../flags/flag-lifecycle-store.ts';
import type { StageFlag } from './lifecycle-trends.ts';

/** Time to production is averaged over the flags that reached production in the days before a week's end. */
export const TIME_TO_PRODUCTION_WINDOW_DAYS = 30;

/** Days without a sign-in after which a user counts as inactive. */
export const INACTIVE_AFTER_DAYS = 60;

/**
 * The ISO weeks (Monday to Sunday, UTC) that touch the days `from` to `to`, as SQL rows `w(week, start_at, end_at)`:
 * `week` as Unleash labels it (ISO year and week, "2026-48"), `end_at` exclusive.
 */
const WEEKS = `(SELECT to_char(s, 'IYYY-IW') AS week, s AS start_at, s + interval '7 days' AS end_at
    FROM generate_series(date_trunc('week', $1::date::timestamp) AT TIME ZONE 'UTC',
                         date_trunc('week', $2::date::timestamp) AT TIME ZONE 'UTC',
                         interval '7 days') AS s) w`;

/** A flag counts in a week if it was created before the week ended and not archived before it began. */
const ALIVE = `f.created_at < w.end_at AND (f.archived_at IS NULL OR f.archived_at >= w.start_at)`;
/** Stale at the week's end: the last stale event before then says so, or, without events, the flag is stale now. */
const STALE_AT_END = `coalesce((SELECT ev.type = 'feature-stale-on' FROM events ev
     WHERE ev.feature_name = f.name AND ev.type IN ('feature-stale-on', 'feature-stale-off')
       AND ev.created_at < w.end_at ORDER BY ev.created_at DESC, ev.id DESC LIMIT 1),
   CASE WHEN EXISTS (SELECT 1 FROM events ev WHERE ev.feature_name = f.name
                       AND ev.type IN ('feature-stale-on', 'feature-stale-off')) THEN false ELSE f.stale END)`;
/** Past its type's expected lifetime at the week's end and not stale: as the project health rule counts it. */
const POTENTIALLY_STALE_AT_END = `(ft.lifetime_days IS NOT NULL
   AND f.created_at < w.end_at - make_interval(days => ft.lifetime_days))`;

export type FlagWeek = {
  week: string;
  endAt: Date;
  project: string;
  total: number;
  stale: number;
  potentiallyStale: number;
};
export type UserWeek = { week: string; endAt: Date; total: number; active: number };
export type MetricsWeek = {
  week: string;
  endAt: Date;
  project: string;
  totalFlags: number;
  totalYes: number;
  totalNo: number;
  totalApps: number;
  totalEnvironments: number;
};
export type EnvironmentTypeWeek = {
  week: string;
  endAt: Date;
  environmentType: string;
  totalUpdates: number;
};
export type CreationArchiveWeek = {
  week: string;
  endAt: Date;
  project: string;
  flagType: string | null;
  created: number;
  archived: number;
};
export type ProductionWeek = {
  week: string;
  project: string;
  newProductionFlags: number;
  timeToProduction: number;
};
export type MemberWeek = { week: string; project: string; users: number };
export type HealthWeek = { week: string; project: string; health: number };

type Range = { from: string; to: string; hidden: string[] };

/** Weekly figures over the whole instance, each computed from recorded timestamps, for the analytics screen. */
export function createInstanceInsightsReadModel(db: Db) {
  return {
    /** Users now: all that are not deleted, and those signed in within INACTIVE_AFTER_DAYS. */
    async users(): Promise<{ total: number; active: number }> {
      const [row] = await db.query<{ total: number; active: number }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE seen_at > now() - make_interval(days => $1))::int AS active
           FROM users WHERE deleted_at IS NULL`,
        [INACTIVE_AFTER_DAYS],
      );
      return row ?? { total: 0, active: 0 };
    },

    /** Users that existed at each week's end, and those of them that had signed in within the days before. */
    async userWeeks({ from, to }: Range): Promise<UserWeek[]> {
      return db.query<UserWeek>(
        `SELECT w.week, w.end_at AS "endAt", count(u.id)::int AS total,
                count(u.id) FILTER (WHERE EXISTS (SELECT 1 FROM login_events le
                   WHERE le.successful AND le.username IN (u.username, u.email)
                     AND le.created_at < w.end_at
                     AND le.created_at >= w.end_at - make_interval(days => $3))
                   OR (u.seen_at < w.end_at AND u.seen_at >= w.end_at - make_interval(days => $3)))::int AS active
           FROM ${WEEKS}
           LEFT JOIN users u ON u.created_at < w.end_at AND (u.deleted_at IS NULL OR u.deleted_at >= w.end_at)
          GROUP BY w.week, w.end_at ORDER BY w.end_at`,
        [from, to, INACTIVE_AFTER_DAYS],
      );
    },

    /** Per project and week: the flags alive in it, and how many were stale or potentially stale at its end. */
    async flagWeeks({ from, to, hidden }: Range): Promise<FlagWeek[]> {
      return db.query<FlagWeek>(
        `SELECT week, "endAt", project, count(*)::int AS total,
                  count(*) FILTER (WHERE stale)::int AS stale,
                  count(*) FILTER (WHERE NOT stale AND potentially)::int AS "potentiallyStale"
             FROM (SELECT w.week, w.end_at AS "endAt", f.project_id AS project,
                          ${STALE_AT_END} AS stale, ${POTENTIALLY_STALE_AT_END} AS potentially
                     FROM ${WEEKS} JOIN flags f ON ${ALIVE} LEFT JOIN flag_types ft ON ft.id = f.type
                    WHERE NOT (f.project_id = ANY($3))) AS alive
            GROUP BY week, "endAt", project ORDER BY "endAt", project`,
        [from, to, hidden],
      );
    },

    /** The members each project had at each week's end (people added directly). */
    async memberWeeks({ from, to, hidden }: Range): Promise<MemberWeek[]> {
      return db.query<MemberWeek>(
        `SELECT w.week, pm.project, count(DISTINCT pm.user_id)::int AS users
           FROM ${WEEKS} JOIN project_members pm ON pm.created_at < w.end_at
          WHERE NOT (pm.project = ANY($3)) GROUP BY w.week, pm.project`,
        [from, to, hidden],
      );
    },

    /** The last recorded daily health of each project in each week, where one was recorded. */
    async healthWeeks({ from, to, hidden }: Range): Promise<HealthWeek[]> {
      return db.query<HealthWeek>(
        `SELECT DISTINCT ON (w.week, h.project) w.week, h.project, h.health
           FROM ${WEEKS} JOIN project_health_days h
             ON h.day >= (w.start_at AT TIME ZONE 'UTC')::date AND h.day < (w.end_at AT TIME ZONE 'UTC')::date
          WHERE NOT (h.project = ANY($3)) ORDER BY w.week, h.project, h.day DESC`,
        [from, to, hidden],
      );
    },

    /** Per project and week, the hourly usage SDKs reported for the project's flags. */
    async metricsWeeks({ from, to, hidden }: Range): Promise<MetricsWeek[]> {
      return db.query<MetricsWeek>(
        `SELECT w.week, w.end_at AS "endAt", f.project_id AS project,
                count(DISTINCT m.flag_name)::int AS "totalFlags",
                sum(m.yes)::float8 AS "totalYes", sum(m.no)::float8 AS "totalNo",
                count(DISTINCT m.app_name)::int AS "totalApps",
                count(DISTINCT m.environment)::int AS "totalEnvironments"
           FROM ${WEEKS} JOIN client_metrics m ON m.hour >= w.start_at AND m.hour < w.end_at
           JOIN flags f ON f.name = m.flag_name
          WHERE NOT (f.project_id = ANY($3))
          GROUP BY w.week, w.end_at, f.project_id ORDER BY w.end_at, f.project_id`,
        [from, to, hidden],
      );
    },

    /** Per environment type and week, the recorded changes made in environments of that type. */
    async environmentTypeWeeks({ from, to, hidden }: Range): Promise<EnvironmentTypeWeek[]> {
      return db.query<EnvironmentTypeWeek>(
        `SELECT w.week, w.end_at AS "endAt", e.type AS "environmentType", count(ev.id)::int AS "totalUpdates"
           FROM ${WEEKS} JOIN events ev ON ev.created_at >= w.start_at AND ev.created_at < w.end_at
           JOIN environments e ON e.name = ev.environment
          WHERE ev.project IS NULL OR NOT (ev.project = ANY($3))
          GROUP BY w.week, w.end_at, e.type ORDER BY w.end_at, e.type`,
        [from, to, hidden],
      );
    },

    /**
     * Flags not archived by stage group (develop: initial and pre-live; production: live; cleanup: completed) and
     * type, with the days since each entered its current stage.
     */
    async stages(projects: string[] | null, hidden: string[]): Promise<StageFlag[]> {
      return db.query<StageFlag>(
        `SELECT stage, type, (extract(epoch FROM now() - entered) / 86400)::float8 AS days FROM (
           SELECT ${currentStageSql('f', 'c')} AS stage, f.type, ${currentStageEnteredSql('f', 'c')} AS entered
             FROM flags f LEFT JOIN flag_completions c ON c.flag_name = f.name
            WHERE f.archived_at IS NULL AND NOT (f.project_id = ANY($2))
              AND ($1::text[] IS NULL OR f.project_id = ANY($1))) AS s`,
        [projects, hidden],
      );
    },

    /**
     * Per project and week, from the recorded first enabling of each flag in a production-type environment: the
     * flags that reached production in the week, and the mean days from creation to it over those that reached it
     * in the TIME_TO_PRODUCTION_WINDOW_DAYS before the week's end. Projects with none in the window have no row.
     */
    async productionWeeks({ from, to, hidden }: Range): Promise<ProductionWeek[]> {
      return db.query<ProductionWeek>(
        `SELECT w.week, r.project,
                count(*) FILTER (WHERE r.reached_at >= w.start_at)::int AS "newProductionFlags",
                (avg(extract(epoch FROM r.reached_at - r.created_at)) / 86400)::float8 AS "timeToProduction"
           FROM ${WEEKS} JOIN (SELECT f.project_id AS project, f.created_at, ${firstEnabled('=')} AS reached_at
                                FROM flags f WHERE NOT (f.project_id = ANY($3))) AS r
             ON r.reached_at < w.end_at AND r.reached_at >= w.end_at - make_interval(days => $4)
          GROUP BY w.week, r.project ORDER BY w.week, r.project`,
        [from, to, hidden, TIME_TO_PRODUCTION_WINDOW_DAYS],
      );
    },

    /** Per project, week and flag type, the flags created in the week; per project and week, those archived. */
    async creationArchiveWeeks({ from, to, hidden }: Range): Promise<CreationArchiveWeek[]> {
      return db.query<CreationArchiveWeek>(
        `SELECT w.week, w.end_at AS "endAt", f.project_id AS project, f.type AS "flagType",
                count(*) FILTER (WHERE f.created_at >= w.start_at AND f.created_at < w.end_at)::int AS created,
                count(*) FILTER (WHERE f.archived_at >= w.start_at AND f.archived_at < w.end_at)::int AS archived
           FROM ${WEEKS} JOIN flags f
             ON (f.created_at >= w.start_at AND f.created_at < w.end_at)
             OR (f.archived_at >= w.start_at AND f.archived_at < w.end_at)
          WHERE NOT (f.project_id = ANY($3))
          GROUP BY w.week, w.end_at, f.project_id, f.type ORDER BY w.end_at, f.project_id`,
        [from, to, hidden],
      );
    },
  };
}
