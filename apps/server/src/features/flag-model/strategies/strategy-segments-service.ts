import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { segmentUsableIn, STRATEGY_SEGMENTS_LIMIT } from '@switchyard/rules';
import { mentionProject } from '../../../http/project-mention.ts';

export type StrategySegmentsChange = {
  projectId: string;
  strategyId: string;
  environmentId: string;
  segmentIds: number[];
};

type FlagStrategyRow = {
  id: string;
  flag_name: string;
  project_id: string;
  environment_name: string;
  strategy_name: string;
  title: string | null;
  parameters: Record<string, string>;
  constraints: unknown[];
  variants: unknown[];
  sort_order: number;
  disabled: boolean;
};

/** The strategy as the flags API shows it, for the event's before and after. */
const toEventStrategy = (row: FlagStrategyRow, segments: number[]) => ({
  id: row.id,
  name: row.strategy_name,
  title: row.title,
  parameters: row.parameters,
  constraints: row.constraints,
  variants: row.variants,
  sortOrder: row.sort_order,
  disabled: row.disabled,
  segments,
});

/**
 * Replaces the segments of one flag strategy. This is the one write this feature makes to the flags
 * feature's tables, so it records the same event the flags API does when a strategy changes.
 */
export function createStrategySegmentsService(db: Db) {
  const events = createEventStore(db);

  async function findStrategy(change: StrategySegmentsChange): Promise<FlagStrategyRow> {
    const [row] = await db.query<FlagStrategyRow>(
      `SELECT fs.*, f.project_id FROM flag_strategies fs JOIN flags f ON f.name = fs.flag_name
       WHERE fs.id = $1 AND f.project_id = $2 AND fs.environment_name = $3`,
      [change.strategyId, change.projectId, change.environmentId],
    );
    if (!row) {
      throw new NotFoundError(
        `Could not find strategy "${change.strategyId}" on a flag of project "${change.projectId}" in environment "${change.environmentId}"`,
      );
    }
    return row;
  }

  async function checkSegments(ids: number[], project: string): Promise<void> {
    const bad = (message: string) => new BadDataError(message, [{ message, path: '/body/segmentIds' }]);
    if (new Set(ids).size !== ids.length) throw bad('Each segment may appear only once');
    if (ids.length > STRATEGY_SEGMENTS_LIMIT) {
      throw bad(`Strategies may not have more than ${STRATEGY_SEGMENTS_LIMIT} segments`);
    }
    const rows = await db.query<{ id: number; name: string; project_id: string | null }>(
      'SELECT id, name, project_id FROM segments WHERE id = ANY($1)',
      [ids],
    );
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length) throw bad(`No segment has id ${missing.join(', ')}`);
    const foreign = rows.find((row) => !segmentUsableIn(row.project_id, project));
    if (foreign) {
      throw bad(`Segment ${foreign.id} belongs to ${mentionProject(foreign.project_id!)}, not "${project}"`);
    }
  }

  return {
    async replace(change: StrategySegmentsChange, actor: Actor): Promise<void> {
      const strategy = await findStrategy(change);
      await checkSegments(change.segmentIds, strategy.project_id);
      const before = await db.query<{ segment_id: number }>(
        'SELECT segment_id FROM flag_strategy_segments WHERE strategy_id = $1 ORDER BY segment_id',
        [strategy.id],
      );
      await db.query('DELETE FROM flag_strategy_segments WHERE strategy_id = $1', [strategy.id]);
      if (change.segmentIds.length) {
        await db.query(
          'INSERT INTO flag_strategy_segments (strategy_id, segment_id) SELECT $1, unnest($2::int[])',
          [strategy.id, change.segmentIds],
        );
      }
      await events.append({
        type: 'feature-strategy-update',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: strategy.project_id,
        flagName: strategy.flag_name,
        environment: strategy.environment_name,
        data: toEventStrategy(strategy, change.segmentIds),
        preData: toEventStrategy(
          strategy,
          before.map((row) => row.segment_id),
        ),
      });
    },
  };
}
