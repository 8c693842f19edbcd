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
    async strategiesUsing(segmentId: number): Promise<StrategyUse[]> {
      const rows = await db.query<StrategyUseRow>(
        `SELECT ${STRATEGY_USE_COLUMNS}
         FROM flag_strategy_segments link
         JOIN flag_strategies fs ON fs.id = link.strategy_id
         JOIN flags f ON f.name = fs.flag_name
         WHERE link.segment_id = $1
         ORDER BY fs.flag_name, fs.environment_name, fs.sort_order, fs.id`,
        [segmentId],
      );
      return rows.map(toStrategyUse);
    },
    async strategyExists(strategyId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM flag_strategies WHERE id = $1', [strategyId]);
      return rows.length > 0;
    },
  };
}
