import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type {
  Environment,
  EnvironmentWithCounts,
  ProjectEnvironment,
  RemovedWithEnvironment,
} from './environment.ts';

type EnvironmentRow = {
  name: string;
  type: string;
  sort_order: number;
  enabled: boolean;
  protected: boolean;
  required_approvals: number | null;
  created_at: Date;
};

const toEnvironment = (row: EnvironmentRow): Environment => ({
  name: row.name,
  type: row.type,
  sortOrder: row.sort_order,
  enabled: row.enabled,
  protected: row.protected,
  requiredApprovals: row.required_approvals,
  createdAt: row.created_at,
});

const ORDER = 'ORDER BY e.sort_order, e.created_at, e.name';

/** A token covers a project when it names it or covers all projects. */
const TOKEN_COVERS_PROJECT = `(t.projects ? $1 OR t.projects ? '*')`;

export function createEnvironmentStore(db: Db) {
  return {
    async list(): Promise<EnvironmentWithCounts[]> {
      const rows = await db.query<
        EnvironmentRow & { project_count: number; api_token_count: number; enabled_toggle_count: number }
      >(
        `SELECT e.*,
           (SELECT count(*)::int FROM project_environments pe WHERE pe.environment_name = e.name) AS project_count,
           (SELECT count(*)::int FROM api_tokens t WHERE t.environment = e.name) AS api_token_count,
           (SELECT count(*)::int FROM flag_environments fe JOIN flags f ON f.name = fe.flag_name
             WHERE fe.environment_name = e.name AND fe.enabled AND f.archived_at IS NULL) AS enabled_toggle_count
         FROM environments e ${ORDER}`,
      );
      return rows.map((row) => ({
        ...toEnvironment(row),
        projectCount: row.project_count,
        apiTokenCount: row.api_token_count,
        enabledToggleCount: row.enabled_toggle_count,
      }));
    },
    async find(name: string): Promise<Environment | undefined> {
      const [row] = await db.query<EnvironmentRow>('SELECT * FROM environments WHERE name = $1', [name]);
      return row && toEnvironment(row);
    },
    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM environments');
      return row!.n;
    },
    /** Every environment, marked with whether the project uses it, with the project's counts. */
    async listForProject(projectId: string): Promise<ProjectEnvironment[]> {
      const rows = await db.query<
        EnvironmentRow & {
          visible: boolean;
          default_strategy: Record<string, unknown> | null;
          token_count: number;
          enabled_count: number;
        }
      >(
        `SELECT e.*, pe.project_id IS NOT NULL AS visible, pe.default_strategy,
           (SELECT count(*)::int FROM api_tokens t
             WHERE t.environment = e.name AND t.type IN ('client', 'frontend') AND ${TOKEN_COVERS_PROJECT}) AS token_count,
           (SELECT count(*)::int FROM flag_environments fe JOIN flags f ON f.name = fe.flag_name
             WHERE fe.environment_name = e.name AND fe.enabled AND f.project_id = $1 AND f.archived_at IS NULL) AS enabled_count
         FROM environments e
         LEFT JOIN project_environments pe ON pe.environment_name = e.name AND pe.project_id = $1
         ${ORDER}`,
        [projectId],
      );
      return rows.map((row) => ({
        ...toEnvironment(row),
        visible: row.visible,
        defaultStrategy: row.default_strategy,
        projectApiTokenCount: row.token_count,
        projectEnabledToggleCount: row.enabled_count,
      }));
    },
    async insert(environment: {
      name: string;
      type: string;
      sortOrder: number;
      requiredApprovals: number | null;
    }): Promise<Environment> {
      try {
        const [row] = await db.query<EnvironmentRow>(
          'INSERT INTO environments (name, type, sort_order, required_approvals) VALUES ($1, $2, $3, $4) RETURNING *',
          [environment.name, environment.type, environment.sortOrder, environment.requiredApprovals],
        );
        return toEnvironment(row!);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new NameExistsError(`An environment named "${environment.name}" already exists`);
        }
        throw error;
      }
    },
    async update(
      name: string,
      change: { type: string; sortOrder: number; requiredApprovals: number | null },
    ): Promise<Environment> {
      const [row] = await db.query<EnvironmentRow>(
        'UPDATE environments SET type = $2, sort_order = $3, required_approvals = $4 WHERE name = $1 RETURNING *',
        [name, change.type, change.sortOrder, change.requiredApprovals],
      );
      return toEnvironment(row!);
    },
    async setEnabled(name: string, enabled: boolean): Promise<void> {
      await db.query('UPDATE environments SET enabled = $2 WHERE name = $1', [name, enabled]);
    },
    async setSortOrder(name: string, sortOrder: number): Promise<void> {
      await db.query('UPDATE environments SET sort_order = $2 WHERE name = $1', [name, sortOrder]);
    },
    async maxSortOrder(): Promise<number> {
      const [row] = await db.query<{ max: number | null }>('SELECT max(sort_order) AS max FROM environments');
      return row?.max ?? 0;
    },
    /** Counts what deleting the environment takes with it (its rows cascade from the environments table). */
    async dependents(name: string): Promise<Omit<RemovedWithEnvironment, 'apiTokens'>> {
      const [row] = await db.query<{
        projects: number;
        flag_configurations: number;
        enabled_flags: number;
        strategies: number;
      }>(
        `SELECT
           (SELECT count(*)::int FROM project_environments WHERE environment_name = $1) AS projects,
           (SELECT count(*)::int FROM flag_environments WHERE environment_name = $1) AS flag_configurations,
           (SELECT count(*)::int FROM flag_environments WHERE environment_name = $1 AND enabled) AS enabled_flags,
           (SELECT count(*)::int FROM flag_strategies WHERE environment_name = $1) AS strategies`,
        [name],
      );
      return {
        projects: row!.projects,
        flagConfigurations: row!.flag_configurations,
        enabledFlags: row!.enabled_flags,
        strategies: row!.strategies,
      };
    },
    async delete(name: string): Promise<void> {
      await db.query('DELETE FROM environments WHERE name = $1', [name]);
    },
  };
}

export type EnvironmentStore = ReturnType<typeof createEnvironmentStore>;
