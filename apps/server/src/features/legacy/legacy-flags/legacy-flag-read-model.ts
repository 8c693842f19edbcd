import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Constraint, Variant } from '../../flag-model/flags/flag.ts';
import { type FlagRow, toFlag } from '../../flag-model/flags/flag-store.ts';
import type { LegacyFlag } from './legacy-flag.ts';

type LegacyFlagRow = FlagRow & {
  legacy_environment: string | null;
  enabled: boolean | null;
  variants: Variant[] | null;
};
type StrategyRow = {
  flag_name: string;
  strategy_name: string;
  parameters: Record<string, string> | null;
  constraints: Constraint[] | null;
};

const SELECT = `SELECT f.*, le.name AS legacy_environment, fe.enabled, fe.variants
  FROM flags f
  LEFT JOIN LATERAL (
    SELECT e.name FROM environments e
      JOIN project_environments pe ON pe.environment_name = e.name AND pe.project_id = f.project_id
     WHERE e.enabled ORDER BY e.sort_order, e.name LIMIT 1) le ON true
  LEFT JOIN flag_environments fe ON fe.flag_name = f.name AND fe.environment_name = le.name
 WHERE f.archived_at IS NULL`;

export type LegacyFlagFilter = { project?: string; namePrefix?: string };

/** Active flags in the v1 shape: each with its first enabled environment's state, strategies and variants. */
export function createLegacyFlagReadModel(db: Db) {
  async function load(where: string, params: unknown[]): Promise<LegacyFlag[]> {
    const rows = await db.query<LegacyFlagRow>(`${SELECT} ${where} ORDER BY f.created_at, f.name`, params);
    if (rows.length === 0) return [];
    const strategies = await db.query<StrategyRow>(
      `SELECT s.flag_name, s.strategy_name, s.parameters, s.constraints
         FROM flag_strategies s JOIN unnest($1::text[], $2::text[]) AS w(flag_name, environment_name)
           ON w.flag_name = s.flag_name AND w.environment_name = s.environment_name
        WHERE NOT s.disabled ORDER BY s.sort_order, s.created_at, s.id`,
      [rows.map((row) => row.name), rows.map((row) => row.legacy_environment ?? '')],
    );
    const byFlag = new Map<string, LegacyFlag['strategies']>();
    for (const strategy of strategies) {
      const list = byFlag.get(strategy.flag_name) ?? [];
      list.push({
        name: strategy.strategy_name,
        parameters: strategy.parameters ?? {},
        constraints: strategy.constraints ?? [],
      });
      byFlag.set(strategy.flag_name, list);
    }
    return rows.map((row) => ({
      ...toFlag(row),
      environment: row.legacy_environment,
      enabled: row.enabled ?? false,
      strategies: byFlag.get(row.name) ?? [],
      variants: row.variants ?? [],
    }));
  }

  return {
    async list(filter: LegacyFlagFilter = {}): Promise<LegacyFlag[]> {
      return load(
        "AND ($1::text IS NULL OR f.project_id = $1) AND starts_with(f.name, COALESCE($2::text, ''))",
        [filter.project ?? null, filter.namePrefix ?? null],
      );
    },
    async get(name: string): Promise<LegacyFlag> {
      const [flag] = await load('AND f.name = $1', [name]);
      if (!flag) throw new NotFoundError(`Could not find feature flag "${name}"`);
      return flag;
    },
  };
}
