import type { Db } from '../../../db/db.ts';
import {
  STRATEGY_USE_COLUMNS,
  toStrategyUse,
  type StrategyUse,
  type StrategyUseRow,
} from './strategy-use.ts';

/**
 * Which flag strategies use a context field or a strategy definition: a read across the flags feature's
 * tables. Archived flags count, because reviving one brings its strategies back unchanged.
 */
export function createStrategyUsageReadModel(db: Db) {
  return {
    /**
     * Strategies with a constraint on the field, optionally only in one project, but none of flags in `hidden`
     * projects (the ones the caller may not see).
     */
    async usingContextField(
      contextName: string,
      where: { project?: string; hidden?: readonly string[] } = {},
    ): Promise<StrategyUse[]> {
      const rows = await db.query<StrategyUseRow>(
        `SELECT ${STRATEGY_USE_COLUMNS} FROM flag_strategies fs JOIN flags f ON f.name = fs.flag_name
         WHERE fs.constraints @> jsonb_build_array(jsonb_build_object('contextName', $1::text))
           AND ($2::text IS NULL OR f.project_id = $2) AND NOT (f.project_id = ANY($3))
         ORDER BY fs.flag_name, fs.environment_name, fs.sort_order, fs.id`,
        [contextName, where.project ?? null, where.hidden ?? []],
      );
      return rows.map(toStrategyUse);
    },
    /** Segments with a constraint on the field. */
    async segmentsUsingContextField(contextName: string): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT name FROM segments
         WHERE constraints @> jsonb_build_array(jsonb_build_object('contextName', $1::text)) ORDER BY name`,
        [contextName],
      );
      return rows.map((row) => row.name);
    },
    /** Strategies of this kind, e.g. every `myCustomRollout` strategy on any flag. */
    async usingDefinition(strategyName: string): Promise<StrategyUse[]> {
      const rows = await db.query<StrategyUseRow>(
        `SELECT ${STRATEGY_USE_COLUMNS} FROM flag_strategies fs JOIN flags f ON f.name = fs.flag_name
         WHERE fs.strategy_name = $1 ORDER BY fs.flag_name, fs.environment_name, fs.sort_order, fs.id`,
        [strategyName],
      );
      return rows.map(toStrategyUse);
    },
  };
}
