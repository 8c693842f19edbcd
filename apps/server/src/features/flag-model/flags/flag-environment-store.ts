import type { Db } from '../../../db/db.ts';
import type { FlagEnvironment, Variant } from './flag.ts';

type FlagEnvironmentRow = {
  name: string;
  type: string;
  sort_order: number;
  enabled: boolean | null;
  variants: Variant[] | null;
  last_seen_at: Date | null;
};

const toFlagEnvironment = (row: FlagEnvironmentRow): FlagEnvironment => ({
  name: row.name,
  type: row.type,
  sortOrder: row.sort_order,
  enabled: row.enabled ?? false,
  variants: row.variants ?? [],
  lastSeenAt: row.last_seen_at,
});

/**
 * A flag's state per environment. The environments of a flag are those of its project; a flag_environments
 * row exists only once something was set there, so reads LEFT JOIN and default to off with no variants.
 */
export function createFlagEnvironmentStore(db: Db) {
  const select = `SELECT e.name, e.type, e.sort_order, fe.enabled, fe.variants, fe.last_seen_at
       FROM flags f
       JOIN project_environments pe ON pe.project_id = f.project_id
       JOIN environments e ON e.name = pe.environment_name
       LEFT JOIN flag_environments fe ON fe.flag_name = f.name AND fe.environment_name = e.name
      WHERE f.name = $1`;
  return {
    async list(flagName: string): Promise<FlagEnvironment[]> {
      const rows = await db.query<FlagEnvironmentRow>(`${select} ORDER BY e.sort_order, e.name`, [flagName]);
      return rows.map(toFlagEnvironment);
    },
    /** The flag in one environment, or undefined when the environment is not part of the flag's project. */
    async get(flagName: string, environment: string): Promise<FlagEnvironment | undefined> {
      const [row] = await db.query<FlagEnvironmentRow>(`${select} AND e.name = $2`, [flagName, environment]);
      return row && toFlagEnvironment(row);
    },
    /** Which of these flags are on in the environment. */
    async enabledAmong(flagNames: string[], environment: string): Promise<Set<string>> {
      const rows = await db.query<{ flag_name: string }>(
        'SELECT flag_name FROM flag_environments WHERE flag_name = ANY($1) AND environment_name = $2 AND enabled',
        [flagNames, environment],
      );
      return new Set(rows.map((row) => row.flag_name));
    },
    async setEnabled(flagName: string, environment: string, enabled: boolean): Promise<void> {
      await db.query(
        `INSERT INTO flag_environments (flag_name, environment_name, enabled) VALUES ($1, $2, $3)
         ON CONFLICT (flag_name, environment_name) DO UPDATE SET enabled = EXCLUDED.enabled`,
        [flagName, environment, enabled],
      );
    },
    async setVariants(flagName: string, environment: string, variants: Variant[]): Promise<void> {
      await db.query(
        `INSERT INTO flag_environments (flag_name, environment_name, variants) VALUES ($1, $2, $3)
         ON CONFLICT (flag_name, environment_name) DO UPDATE SET variants = EXCLUDED.variants`,
        [flagName, environment, JSON.stringify(variants)],
      );
    },
    /** Whether the environment exists and is part of the project. */
    async inProject(project: string, environment: string): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM project_environments WHERE project_id = $1 AND environment_name = $2',
        [project, environment],
      );
      return rows.length > 0;
    },
    async defaultStrategy(project: string, environment: string): Promise<unknown> {
      const [row] = await db.query<{ default_strategy: unknown }>(
        'SELECT default_strategy FROM project_environments WHERE project_id = $1 AND environment_name = $2',
        [project, environment],
      );
      return row?.default_strategy ?? null;
    },
  };
}

export type FlagEnvironmentStore = ReturnType<typeof createFlagEnvironmentStore>;
