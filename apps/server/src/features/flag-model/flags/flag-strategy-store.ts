import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import type { Constraint, Strategy, Variant } from './flag.ts';

type StrategyRow = {
  id: string;
  flag_name: string;
  environment_name: string;
  strategy_name: string;
  title: string | null;
  parameters: Record<string, string> | null;
  constraints: Constraint[] | null;
  variants: Variant[] | null;
  sort_order: number;
  disabled: boolean;
  segment_ids: number[] | null;
};

const toStrategy = (row: StrategyRow): Strategy => ({
  id: row.id,
  flagName: row.flag_name,
  environment: row.environment_name,
  name: row.strategy_name,
  title: row.title,
  disabled: row.disabled,
  sortOrder: row.sort_order,
  parameters: row.parameters ?? {},
  constraints: row.constraints ?? [],
  variants: row.variants ?? [],
  segments: row.segment_ids ?? [],
});

/** Strategy rows with their segment ids; order is sort_order, then insertion time (see insert). */
const SELECT = `SELECT s.*,
       (SELECT array_agg(ss.segment_id ORDER BY ss.segment_id) FROM flag_strategy_segments ss
         WHERE ss.strategy_id = s.id) AS segment_ids
  FROM flag_strategies s`;
const ORDER = 'ORDER BY s.sort_order, s.created_at, s.id';

export type NewStrategy = Omit<Strategy, 'id'>;

export function createFlagStrategyStore(db: Db) {
  async function writeSegments(id: string, segments: number[]): Promise<void> {
    await db.query('DELETE FROM flag_strategy_segments WHERE strategy_id = $1', [id]);
    if (segments.length) {
      await db.query(
        'INSERT INTO flag_strategy_segments (strategy_id, segment_id) SELECT $1, unnest($2::int[])',
        [id, [...new Set(segments)]],
      );
    }
  }
  return {
    /** Every strategy of a flag in every environment, in order. */
    async listForFlag(flagName: string): Promise<Strategy[]> {
      const rows = await db.query<StrategyRow>(`${SELECT} WHERE s.flag_name = $1 ${ORDER}`, [flagName]);
      return rows.map(toStrategy);
    },
    async list(flagName: string, environment: string): Promise<Strategy[]> {
      const rows = await db.query<StrategyRow>(
        `${SELECT} WHERE s.flag_name = $1 AND s.environment_name = $2 ${ORDER}`,
        [flagName, environment],
      );
      return rows.map(toStrategy);
    },
    /** The strategies of several flags in one environment, flag by flag, each flag's in order. */
    async listForFlags(flagNames: string[], environment: string): Promise<Strategy[]> {
      const rows = await db.query<StrategyRow>(
        `${SELECT} WHERE s.flag_name = ANY($1) AND s.environment_name = $2
         ORDER BY s.flag_name, s.sort_order, s.created_at, s.id`,
        [flagNames, environment],
      );
      return rows.map(toStrategy);
    },
    async get(id: string): Promise<Strategy | undefined> {
      const [row] = await db.query<StrategyRow>(`${SELECT} WHERE s.id = $1`, [id]);
      return row && toStrategy(row);
    },
    async maxSortOrder(flagName: string, environment: string): Promise<number | null> {
      const [row] = await db.query<{ max: number | null }>(
        'SELECT max(sort_order) AS max FROM flag_strategies WHERE flag_name = $1 AND environment_name = $2',
        [flagName, environment],
      );
      return row?.max ?? null;
    },
    async insert(strategy: NewStrategy): Promise<Strategy> {
      const id = randomUUID();
      // clock_timestamp, not now(): strategies added in one transaction must keep the order they were added in.
      await db.query(
        `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, title, parameters, constraints,
                                      variants, sort_order, disabled, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp())`,
        [
          id,
          strategy.flagName,
          strategy.environment,
          strategy.name,
          strategy.title,
          JSON.stringify(strategy.parameters),
          JSON.stringify(strategy.constraints),
          JSON.stringify(strategy.variants),
          strategy.sortOrder,
          strategy.disabled,
        ],
      );
      await writeSegments(id, strategy.segments);
      return { ...strategy, id, segments: [...new Set(strategy.segments)].sort((a, b) => a - b) };
    },
    async update(strategy: Strategy): Promise<Strategy> {
      await db.query(
        `UPDATE flag_strategies SET strategy_name = $2, title = $3, parameters = $4, constraints = $5, variants = $6,
                sort_order = $7, disabled = $8 WHERE id = $1`,
        [
          strategy.id,
          strategy.name,
          strategy.title,
          JSON.stringify(strategy.parameters),
          JSON.stringify(strategy.constraints),
          JSON.stringify(strategy.variants),
          strategy.sortOrder,
          strategy.disabled,
        ],
      );
      await writeSegments(strategy.id, strategy.segments);
      return { ...strategy, segments: [...new Set(strategy.segments)].sort((a, b) => a - b) };
    },
    async setDisabled(ids: string[], disabled: boolean): Promise<void> {
      await db.query('UPDATE flag_strategies SET disabled = $2 WHERE id = ANY($1)', [ids, disabled]);
    },
    async setSortOrder(id: string, sortOrder: number): Promise<void> {
      await db.query('UPDATE flag_strategies SET sort_order = $2 WHERE id = $1', [id, sortOrder]);
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM flag_strategies WHERE id = $1', [id]);
    },
    /** The segments among ids that exist, with their project (null for global segments). */
    async segments(ids: number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ id: number; project_id: string | null }>(
        'SELECT id, project_id FROM segments WHERE id = ANY($1::int[])',
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row.project_id]));
    },
    async strategyDefinitionExists(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM strategy_definitions WHERE name = $1', [name])).length > 0;
    },
    /** Legal values of the context fields named, for those that define any. */
    async legalValues(contextNames: string[]): Promise<Map<string, string[]>> {
      if (contextNames.length === 0) return new Map();
      const rows = await db.query<{ name: string; legal_values: ({ value: string } | string)[] }>(
        `SELECT name, legal_values FROM context_fields WHERE name = ANY($1) AND jsonb_array_length(legal_values) > 0`,
        [contextNames],
      );
      const valueOf = (legal: { value: string } | string) =>
        typeof legal === 'string' ? legal : legal.value;
      return new Map(rows.map((row) => [row.name, row.legal_values.map(valueOf)]));
    },
  };
}

export type FlagStrategyStore = ReturnType<typeof createFlagStrategyStore>;
