import type { Db } from '../../../db/db.ts';

export type CloneCounts = { projects: number; flags: number; strategies: number };

/**
 * Copies one environment's configuration into another, for the given projects: the project link with its
 * default strategy, every flag's enabled state and variants, and every strategy with its segments.
 */
export function createEnvironmentCloneStore(db: Db) {
  return {
    async copy(source: string, target: string, projects: string[]): Promise<CloneCounts> {
      const linked = await db.query(
        `INSERT INTO project_environments (project_id, environment_name, default_strategy)
         SELECT p.id, $2, pe.default_strategy
           FROM projects p
           LEFT JOIN project_environments pe ON pe.project_id = p.id AND pe.environment_name = $1
          WHERE p.id = ANY($3)
         RETURNING project_id`,
        [source, target, projects],
      );
      // Flags never configured in the source get a disabled row, as adding an environment to a project does.
      const flags = await db.query(
        `INSERT INTO flag_environments (flag_name, environment_name, enabled, variants)
         SELECT f.name, $2, COALESCE(fe.enabled, false), COALESCE(fe.variants, '[]'::jsonb)
           FROM flags f
           LEFT JOIN flag_environments fe ON fe.flag_name = f.name AND fe.environment_name = $1
          WHERE f.project_id = ANY($3)
         RETURNING flag_name`,
        [source, target, projects],
      );
      const strategies = await db.query<{ id: string; source_id: string }>(
        `SELECT s.id AS source_id, gen_random_uuid()::text AS id
           FROM flag_strategies s JOIN flags f ON f.name = s.flag_name
          WHERE s.environment_name = $1 AND f.project_id = ANY($2)`,
        [source, projects],
      );
      if (strategies.length) {
        const mapping = JSON.stringify(strategies);
        await db.query(
          `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, title, parameters, constraints,
                                        variants, sort_order, disabled)
           SELECT m.id, s.flag_name, $2, s.strategy_name, s.title, s.parameters, s.constraints, s.variants, s.sort_order,
                  s.disabled
             FROM jsonb_to_recordset($1::jsonb) AS m(id text, source_id text)
             JOIN flag_strategies s ON s.id = m.source_id`,
          [mapping, target],
        );
        await db.query(
          `INSERT INTO flag_strategy_segments (strategy_id, segment_id)
           SELECT m.id, ss.segment_id
             FROM jsonb_to_recordset($1::jsonb) AS m(id text, source_id text)
             JOIN flag_strategy_segments ss ON ss.strategy_id = m.source_id`,
          [mapping],
        );
      }
      return { projects: linked.length, flags: flags.length, strategies: strategies.length };
    },
    /** Every role's environment permissions in `source`, granted in `target` too; says how many. */
    async copyPermissions(source: string, target: string): Promise<number> {
      const rows = await db.query(
        `INSERT INTO role_permissions (role_id, permission, environment)
         SELECT role_id, permission, $2 FROM role_permissions WHERE environment = $1
         ON CONFLICT DO NOTHING RETURNING role_id`,
        [source, target],
      );
      return rows.length;
    },
  };
}
