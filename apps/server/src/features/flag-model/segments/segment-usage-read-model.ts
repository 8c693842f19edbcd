import type { Db } from '../../../db/db.ts';
import {
  STRATEGY_USE_COLUMNS,
  toStrategyUse,
  type StrategyUse,
  type StrategyUseRow,
} from '../strategies/strategy-use.ts';

/** Which flag strategies use which segments: a read across the flags feature's tables. */
export function createSegmentUsageReadModel(db: Db) {
  return {
    /** The strategies using the segment, but those of flags in `hidden` projects. */
    async strategiesUsing(segmentId: number, hidden: readonly string[] = []): Promise<StrategyUse[]> {
      const rows = await db.query<StrategyUseRow>(
        `SELECT ${STRATEGY_USE_COLUMNS}
         FROM flag_strategy_segments link
         JOIN flag_strategies fs ON fs.id = link.strategy_id
         JOIN flags f ON f.name = fs.flag_name
         WHERE link.segment_id = $1 AND NOT (f.project_id = ANY($2))
         ORDER BY fs.flag_name, fs.environment_name, fs.sort_order, fs.id`,
        [segmentId, hidden],
      );
      return rows.map(toStrategyUse);
    },
    /** Whether the flag strategy exists and its flag is in none of the `hidden` projects. */
    async strategyExists(strategyId: string, hidden: readonly string[] = []): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM flag_strategies fs JOIN flags f ON f.name = fs.flag_name
          WHERE fs.id = $1 AND NOT (f.project_id = ANY($2))`,
        [strategyId, hidden],
      );
      return rows.length > 0;
    },
  };
}
