import type { Db } from '../../../db/db.ts';
import type { Flag, LifecycleStage, LifecycleStageName } from './flag.ts';

type StageRow = {
  pre_live_at: Date | null;
  live_at: Date | null;
  on_elsewhere: boolean;
  on_in_production: boolean;
  status: string | null;
  status_value: string | null;
  completed_at: Date | null;
};

/** When the flag `alias` was first turned on in an environment of the given kind, from the event log. */
export const firstEnabled = (comparison: string, alias = 'f') => `(SELECT min(ev.created_at) FROM events ev
    JOIN environments e ON e.name = ev.environment
   WHERE ev.feature_name = ${alias}.name AND ev.type = 'feature-environment-enabled'
     AND ev.created_at >= ${alias}.created_at AND e.type ${comparison} 'production')`;
const enabledNow = (comparison: string, alias = 'f') => `EXISTS (SELECT 1 FROM flag_environments fe
    JOIN environments e ON e.name = fe.environment_name
   WHERE fe.flag_name = ${alias}.name AND fe.enabled AND e.type ${comparison} 'production')`;

/**
 * The current stage of the flag `alias` (a row with name, created_at and archived_at), given its completion row
 * `completion` joined beside it: the one rule the stage count and the flag search share.
 */
export const currentStageSql = (alias: string, completion: string) =>
  `CASE WHEN ${alias}.archived_at IS NOT NULL THEN 'archived'
        WHEN ${completion}.flag_name IS NOT NULL THEN 'completed'
        WHEN ${enabledNow('=', alias)} OR ${firstEnabled('=', alias)} IS NOT NULL THEN 'live'
        WHEN ${enabledNow('<>', alias)} OR ${firstEnabled('<>', alias)} IS NOT NULL THEN 'pre-live'
        ELSE 'initial' END`;

/** When the flag `alias` entered its current stage (currentStageSql's), by the same times stages() lists. */
export const currentStageEnteredSql = (alias: string, completion: string) =>
  `CASE WHEN ${alias}.archived_at IS NOT NULL THEN ${alias}.archived_at
        WHEN ${completion}.flag_name IS NOT NULL THEN ${completion}.completed_at
        WHEN ${enabledNow('=', alias)} OR ${firstEnabled('=', alias)} IS NOT NULL
          THEN coalesce(${firstEnabled('=', alias)}, ${alias}.created_at)
        WHEN ${enabledNow('<>', alias)} OR ${firstEnabled('<>', alias)} IS NOT NULL
          THEN coalesce(${firstEnabled('<>', alias)}, ${alias}.created_at)
        ELSE ${alias}.created_at END`;

type StageTimes = Record<'initial' | 'pre-live' | 'live' | 'completed' | 'archived', Date | null>;
export type StageAverages = Record<'initial' | 'pre-live' | 'live' | 'completed', number | null>;

/**
 * Average whole days flags stayed in each stage they have left: a stage lasts from when it was entered until the
 * next stage reached was entered. Flags still in a stage, and stages without a recorded time, count for nothing.
 */
export function averageStageDays(flags: StageTimes[]): StageAverages {
  const spans: Record<keyof StageAverages, number[]> = {
    initial: [],
    'pre-live': [],
    live: [],
    completed: [],
  };
  for (const times of flags) {
    const reached = Object.entries(times)
      .filter((entry): entry is [keyof StageTimes, Date] => entry[1] !== null)
      .sort((a, b) => a[1].getTime() - b[1].getTime());
    reached.forEach(([stage, at], i) => {
      const next = reached[i + 1];
      if (next && stage !== 'archived') spans[stage].push(next[1].getTime() - at.getTime());
    });
  }
  const average = (ms: number[]) =>
    ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length / 86_400_000) : null;
  return {
    initial: average(spans.initial),
    'pre-live': average(spans['pre-live']),
    live: average(spans.live),
    completed: average(spans.completed),
  };
}

export const LIFECYCLE_COUNT_KEYS: Record<LifecycleStageName, string> = {
  initial: 'initial',
  'pre-live': 'preLive',
  live: 'live',
  completed: 'completed',
  archived: 'archived',
};

/**
 * Lifecycle stages are derived, not stored: initial when created, pre-live once on outside production, live
 * once on in a production environment, archived when archived. Only "completed" is a stored marker.
 */
export function createFlagLifecycleStore(db: Db) {
  return {
    async stages(flag: Flag): Promise<LifecycleStage[]> {
      const [row] = await db.query<StageRow>(
        `SELECT ${firstEnabled('<>')} AS pre_live_at, ${firstEnabled('=')} AS live_at,
                ${enabledNow('<>')} AS on_elsewhere, ${enabledNow('=')} AS on_in_production,
                c.status, c.status_value, c.completed_at
           FROM flags f LEFT JOIN flag_completions c ON c.flag_name = f.name
          WHERE f.name = $1`,
        [flag.name],
      );
      const stages: LifecycleStage[] = [{ stage: 'initial', enteredStageAt: flag.createdAt }];
      if (!row) return stages;
      if (row.pre_live_at || row.on_elsewhere) {
        stages.push({ stage: 'pre-live', enteredStageAt: row.pre_live_at ?? flag.createdAt });
      }
      if (row.live_at || row.on_in_production) {
        stages.push({ stage: 'live', enteredStageAt: row.live_at ?? flag.createdAt });
      }
      if (row.completed_at) {
        stages.push({
          stage: 'completed',
          enteredStageAt: row.completed_at,
          status: row.status ?? 'kept',
          statusValue: row.status_value,
        });
      }
      if (flag.archivedAt) stages.push({ stage: 'archived', enteredStageAt: flag.archivedAt });
      return stages;
    },
    /** How long the project's flags stayed in each stage, from the recorded times they entered each. */
    async averageDays(projectId: string): Promise<StageAverages> {
      const rows = await db.query<{
        initial: Date;
        pre_live: Date | null;
        live: Date | null;
        completed: Date | null;
        archived: Date | null;
      }>(
        `SELECT f.created_at AS initial, ${firstEnabled('<>')} AS pre_live, ${firstEnabled('=')} AS live,
                c.completed_at AS completed, f.archived_at AS archived
           FROM flags f LEFT JOIN flag_completions c ON c.flag_name = f.name
          WHERE f.project_id = $1`,
        [projectId],
      );
      return averageStageDays(
        rows.map((row) => ({
          initial: row.initial,
          'pre-live': row.pre_live,
          live: row.live,
          completed: row.completed,
          archived: row.archived,
        })),
      );
    },
    /** How many flags are in each stage now, over all projects. */
    async countByStage(): Promise<Record<LifecycleStageName, number>> {
      const rows = await db.query<{ stage: LifecycleStageName; n: number }>(
        `SELECT stage, count(*)::int AS n FROM (
           SELECT ${currentStageSql('f', 'c')} AS stage
             FROM flags f LEFT JOIN flag_completions c ON c.flag_name = f.name) AS current
          GROUP BY stage`,
      );
      const counts = { initial: 0, 'pre-live': 0, live: 0, completed: 0, archived: 0 };
      for (const row of rows) counts[row.stage] = row.n;
      return counts;
    },
    async complete(flagName: string, status: string, statusValue: string | null): Promise<void> {
      await db.query(
        `INSERT INTO flag_completions (flag_name, status, status_value) VALUES ($1, $2, $3)
         ON CONFLICT (flag_name) DO UPDATE SET status = EXCLUDED.status, status_value = EXCLUDED.status_value,
           completed_at = now()`,
        [flagName, status, statusValue],
      );
    },
    async uncomplete(flagName: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM flag_completions WHERE flag_name = $1 RETURNING flag_name', [
        flagName,
      ]);
      return rows.length > 0;
    },
  };
}

export type FlagLifecycleStore = ReturnType<typeof createFlagLifecycleStore>;
