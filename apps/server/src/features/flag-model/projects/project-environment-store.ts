import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';

export type DefaultStrategy = Record<string, unknown>;
export type ProjectEnvironmentLink = { environment: string; defaultStrategy: DefaultStrategy | null };

/** The link between a project and the environments its flags are configured in. */
export function createProjectEnvironmentStore(db: Db) {
  return {
    async list(projectId: string): Promise<ProjectEnvironmentLink[]> {
      const rows = await db.query<{ environment_name: string; default_strategy: DefaultStrategy | null }>(
        `SELECT pe.environment_name, pe.default_strategy
           FROM project_environments pe JOIN environments e ON e.name = pe.environment_name
          WHERE pe.project_id = $1 ORDER BY e.sort_order, e.created_at, e.name`,
        [projectId],
      );
      return rows.map((row) => ({
        environment: row.environment_name,
        defaultStrategy: row.default_strategy,
      }));
    },
    async find(projectId: string, environment: string): Promise<ProjectEnvironmentLink | undefined> {
      return (await this.list(projectId)).find((link) => link.environment === environment);
    },
    /** Adds the environment to the project and gives each of the project's flags a disabled configuration in it. */
    async add(
      projectId: string,
      environment: string,
      defaultStrategy: DefaultStrategy | null,
    ): Promise<void> {
      try {
        await db.query(
          'INSERT INTO project_environments (project_id, environment_name, default_strategy) VALUES ($1, $2, $3)',
          [projectId, environment, defaultStrategy === null ? null : JSON.stringify(defaultStrategy)],
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new NameExistsError(`${projectId} already has the environment ${environment} enabled`);
        }
        throw error;
      }
      await db.query(
        `INSERT INTO flag_environments (flag_name, environment_name, enabled)
         SELECT name, $2, false FROM flags WHERE project_id = $1
         ON CONFLICT (flag_name, environment_name) DO NOTHING`,
        [projectId, environment],
      );
    },
    /** Removes the environment from the project with the project's flag configurations and strategies in it. */
    async remove(
      projectId: string,
      environment: string,
    ): Promise<{ flagConfigurations: number; strategies: number }> {
      const strategies = await db.query(
        `DELETE FROM flag_strategies s USING flags f
          WHERE s.flag_name = f.name AND f.project_id = $1 AND s.environment_name = $2 RETURNING s.id`,
        [projectId, environment],
      );
      const configurations = await db.query(
        `DELETE FROM flag_environments fe USING flags f
          WHERE fe.flag_name = f.name AND f.project_id = $1 AND fe.environment_name = $2 RETURNING fe.flag_name`,
        [projectId, environment],
      );
      await db.query('DELETE FROM project_environments WHERE project_id = $1 AND environment_name = $2', [
        projectId,
        environment,
      ]);
      return { flagConfigurations: configurations.length, strategies: strategies.length };
    },
    async setDefaultStrategy(
      projectId: string,
      environment: string,
      strategy: DefaultStrategy,
    ): Promise<void> {
      await db.query(
        'UPDATE project_environments SET default_strategy = $3 WHERE project_id = $1 AND environment_name = $2',
        [projectId, environment, JSON.stringify(strategy)],
      );
    },
  };
}
