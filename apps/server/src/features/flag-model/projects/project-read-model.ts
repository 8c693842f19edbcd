import type { Db } from '../../../db/db.ts';
import { POTENTIALLY_STALE } from './project-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Insights compare the last 30 days (current window) with the 30 days before (past window). */
const WINDOW_DAYS = 30;

export type ProjectStats = {
  avgTimeToProdCurrentWindow: number;
  avgTimeToProdPastWindow: number;
  createdCurrentWindow: number;
  createdPastWindow: number;
  archivedCurrentWindow: number;
  archivedPastWindow: number;
  projectActivityCurrentWindow: number;
  projectActivityPastWindow: number;
  projectMembersAddedCurrentWindow: number;
};

export type FlagSummary = {
  name: string;
  type: string;
  description: string | null;
  project: string;
  stale: boolean;
  potentiallyStale: boolean;
  impressionData: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
  environments: { name: string; enabled: boolean; type: string; sortOrder: number }[];
};

export type OnboardingStatus =
  { status: 'onboarding-started' | 'onboarded' } | { status: 'first-flag-created'; feature: string };

export type LifecycleCounts = Record<'initial' | 'preLive' | 'live' | 'completed' | 'archived', number> & {
  archivedLast30Days: number;
};

/** When each flag was first enabled in a production-type environment, from the event log. */
const REACHED_PRODUCTION = `(SELECT f.name, f.created_at, min(ev.created_at) AS reached_at
    FROM flags f
    JOIN events ev ON ev.feature_name = f.name AND ev.type = 'feature-environment-enabled'
                  AND ev.created_at >= f.created_at
    JOIN environments e ON e.name = ev.environment AND e.type = 'production'
   WHERE f.project_id = $1 GROUP BY f.name, f.created_at)`;

const days = (ms: number) => Math.round((ms / DAY_MS) * 100) / 100;

/** Read-only figures about one project, across the flag, event, token and segment tables. */
export function createProjectReadModel(db: Db) {
  async function one<T>(sql: string, params: unknown[]): Promise<T> {
    const [row] = await db.query<T>(sql, params);
    return row!;
  }

  return {
    async flagTypeCounts(projectId: string): Promise<{ type: string; count: number }[]> {
      return db.query(
        `SELECT type, count(*)::int AS count FROM flags WHERE project_id = $1 AND archived_at IS NULL
          GROUP BY type ORDER BY type`,
        [projectId],
      );
    },

    /** The project's flags that are not archived, with their per-environment state. */
    async flags(projectId: string): Promise<FlagSummary[]> {
      const rows = await db.query<{
        name: string;
        type: string;
        description: string | null;
        project_id: string;
        stale: boolean;
        potentially_stale: boolean;
        impression_data: boolean;
        created_at: Date;
        last_seen_at: Date | null;
        environments: { name: string; enabled: boolean; type: string; sortOrder: number }[];
      }>(
        `SELECT f.*, ${POTENTIALLY_STALE} AS potentially_stale,
           COALESCE((SELECT jsonb_agg(jsonb_build_object('name', e.name, 'enabled', fe.enabled, 'type', e.type,
                                        'sortOrder', e.sort_order) ORDER BY e.sort_order, e.name)
                       FROM flag_environments fe JOIN environments e ON e.name = fe.environment_name
                       JOIN project_environments pe ON pe.environment_name = e.name AND pe.project_id = f.project_id
                      WHERE fe.flag_name = f.name), '[]') AS environments
           FROM flags f LEFT JOIN flag_types ft ON ft.id = f.type
          WHERE f.project_id = $1 AND f.archived_at IS NULL ORDER BY f.created_at, f.name`,
        [projectId],
      );
      return rows.map((row) => ({
        name: row.name,
        type: row.type,
        description: row.description,
        project: row.project_id,
        stale: row.stale,
        potentiallyStale: row.potentially_stale,
        impressionData: row.impression_data,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        environments: row.environments,
      }));
    },

    /** Days from creation to the first enabling in a production environment, per flag that got there. */
    async timeToProduction(
      projectId: string,
    ): Promise<{ name: string; timeToProduction: number; reachedAt: Date }[]> {
      const rows = await db.query<{ name: string; created_at: Date; reached_at: Date }>(
        `SELECT * FROM ${REACHED_PRODUCTION} AS r ORDER BY r.reached_at, r.name`,
        [projectId],
      );
      return rows.map((row) => ({
        name: row.name,
        timeToProduction: days(row.reached_at.getTime() - row.created_at.getTime()),
        reachedAt: row.reached_at,
      }));
    },

    async stats(projectId: string): Promise<ProjectStats> {
      const now = Date.now();
      const current = new Date(now - WINDOW_DAYS * DAY_MS);
      const past = new Date(now - 2 * WINDOW_DAYS * DAY_MS);
      const counts = await one<Record<string, number>>(
        `SELECT
           count(*) FILTER (WHERE created_at >= $2)::int AS created_current,
           count(*) FILTER (WHERE created_at >= $3 AND created_at < $2)::int AS created_past,
           count(*) FILTER (WHERE archived_at >= $2)::int AS archived_current,
           count(*) FILTER (WHERE archived_at >= $3 AND archived_at < $2)::int AS archived_past,
           (SELECT count(*)::int FROM events WHERE project = $1 AND created_at >= $2) AS activity_current,
           (SELECT count(*)::int FROM events WHERE project = $1 AND created_at >= $3 AND created_at < $2) AS activity_past,
           (SELECT count(*)::int FROM project_members WHERE project = $1 AND created_at >= $2)
             + (SELECT count(*)::int FROM project_groups WHERE project = $1 AND created_at >= $2) AS members_added
         FROM flags WHERE project_id = $1`,
        [projectId, current, past],
      );
      const reached = await this.timeToProduction(projectId);
      const average = (from: Date, to: Date) => {
        const inWindow = reached.filter((r) => r.reachedAt >= from && r.reachedAt < to);
        if (!inWindow.length) return 0;
        return days((inWindow.reduce((sum, r) => sum + r.timeToProduction, 0) / inWindow.length) * DAY_MS);
      };
      return {
        avgTimeToProdCurrentWindow: average(current, new Date(now + DAY_MS)),
        avgTimeToProdPastWindow: average(past, current),
        createdCurrentWindow: counts.created_current!,
        createdPastWindow: counts.created_past!,
        archivedCurrentWindow: counts.archived_current!,
        archivedPastWindow: counts.archived_past!,
        projectActivityCurrentWindow: counts.activity_current!,
        projectActivityPastWindow: counts.activity_past!,
        projectMembersAddedCurrentWindow: counts.members_added!,
      };
    },

    async flagCreators(projectId: string): Promise<{ id: number; name: string }[]> {
      return db.query(
        `SELECT DISTINCT u.id, COALESCE(u.name, u.username, u.email, 'user ' || u.id) AS name
           FROM flags f JOIN users u ON u.id = f.created_by_user_id
          WHERE f.project_id = $1 ORDER BY name, u.id`,
        [projectId],
      );
    },

    async onboardingStatus(projectId: string): Promise<OnboardingStatus> {
      const row = await one<{ first: string | null; seen: boolean }>(
        `SELECT (SELECT name FROM flags WHERE project_id = $1 ORDER BY created_at, name LIMIT 1) AS first,
                EXISTS (SELECT 1 FROM flags f WHERE f.project_id = $1 AND (f.last_seen_at IS NOT NULL
                  OR EXISTS (SELECT 1 FROM flag_environments fe WHERE fe.flag_name = f.name AND fe.last_seen_at IS NOT NULL))
                ) AS seen`,
        [projectId],
      );
      if (row.seen) return { status: 'onboarded' };
      if (row.first) return { status: 'first-flag-created', feature: row.first };
      return { status: 'onboarding-started' };
    },

    /** API tokens naming the project (not the all-projects ones) and the project's own segments. */
    async resources(projectId: string): Promise<{ apiTokens: number; segments: number }> {
      return one(
        `SELECT (SELECT count(*)::int FROM api_tokens WHERE projects ? $1) AS "apiTokens",
                (SELECT count(*)::int FROM segments WHERE project_id = $1) AS segments`,
        [projectId],
      );
    },

    /**
     * Flags per lifecycle stage, derived as the flags feature does: archived, completed (marked so), live (on
     * in a production environment, now or before), pre-live (on elsewhere), otherwise initial.
     */
    async lifecycle(projectId: string): Promise<LifecycleCounts> {
      const [table] = await db.query<{ t: string | null }>(
        "SELECT to_regclass('flag_completions')::text AS t",
      );
      const completed = table?.t
        ? 'EXISTS (SELECT 1 FROM flag_completions c WHERE c.flag_name = f.name)'
        : 'false';
      const on = (comparison: string) => `(EXISTS (SELECT 1 FROM flag_environments fe
          JOIN environments e ON e.name = fe.environment_name
         WHERE fe.flag_name = f.name AND fe.enabled AND e.type ${comparison} 'production')
        OR EXISTS (SELECT 1 FROM events ev JOIN environments e ON e.name = ev.environment
         WHERE ev.feature_name = f.name AND ev.type = 'feature-environment-enabled'
           AND ev.created_at >= f.created_at AND e.type ${comparison} 'production'))`;
      const rows = await db.query<{ stage: keyof LifecycleCounts; n: number }>(
        `SELECT stage, count(*)::int AS n FROM (
           SELECT CASE WHEN f.archived_at IS NOT NULL THEN 'archived'
                       WHEN ${completed} THEN 'completed'
                       WHEN ${on('=')} THEN 'live'
                       WHEN ${on('<>')} THEN 'preLive'
                       ELSE 'initial' END AS stage
             FROM flags f WHERE f.project_id = $1) AS stages
         GROUP BY stage`,
        [projectId],
      );
      const counts: LifecycleCounts = {
        initial: 0,
        preLive: 0,
        live: 0,
        completed: 0,
        archived: 0,
        archivedLast30Days: 0,
      };
      for (const row of rows) counts[row.stage] = row.n;
      counts.archivedLast30Days = (
        await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM flags WHERE project_id = $1 AND archived_at >= now() - interval '30 days'`,
          [projectId],
        )
      ).n;
      return counts;
    },
  };
}

export type ProjectReadModel = ReturnType<typeof createProjectReadModel>;
