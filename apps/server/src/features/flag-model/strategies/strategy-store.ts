import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { StrategyDefinition, StrategyParameter } from './strategy.ts';

type StrategyDefinitionRow = {
  name: string;
  title: string | null;
  description: string | null;
  parameters: StrategyParameter[];
  built_in: boolean;
  deprecated: boolean;
  sort_order: number;
};

const toStrategyDefinition = (row: StrategyDefinitionRow): StrategyDefinition => ({
  name: row.name,
  title: row.title,
  description: row.description,
  parameters: row.parameters,
  builtIn: row.built_in,
  deprecated: row.deprecated,
  sortOrder: row.sort_order,
});

/** The 409 for a strategy name in use, naming the field. */
export function nameTaken(name: string): NameExistsError {
  return new NameExistsError(`A strategy named "${name}" already exists`, [
    { message: `a strategy named "${name}" already exists`, path: '/body/name' },
  ]);
}

export type StrategyRecord = Pick<StrategyDefinition, 'name' | 'title' | 'description' | 'parameters'>;

export function createStrategyStore(db: Db) {
  return {
    async list(): Promise<StrategyDefinition[]> {
      const rows = await db.query<StrategyDefinitionRow>(
        'SELECT * FROM strategy_definitions ORDER BY sort_order, name',
      );
      return rows.map(toStrategyDefinition);
    },
    async get(name: string): Promise<StrategyDefinition | undefined> {
      const [row] = await db.query<StrategyDefinitionRow>(
        'SELECT * FROM strategy_definitions WHERE name = $1',
        [name],
      );
      return row && toStrategyDefinition(row);
    },
    async insert(strategy: StrategyRecord): Promise<void> {
      try {
        await db.query(
          'INSERT INTO strategy_definitions (name, title, description, parameters) VALUES ($1, $2, $3, $4)',
          [strategy.name, strategy.title, strategy.description, JSON.stringify(strategy.parameters)],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(strategy.name);
        throw error;
      }
    },
    async update(strategy: StrategyRecord): Promise<void> {
      await db.query(
        'UPDATE strategy_definitions SET title = $2, description = $3, parameters = $4 WHERE name = $1',
        [strategy.name, strategy.title, strategy.description, JSON.stringify(strategy.parameters)],
      );
    },
    async setDeprecated(name: string, deprecated: boolean): Promise<void> {
      await db.query('UPDATE strategy_definitions SET deprecated = $2 WHERE name = $1', [name, deprecated]);
    },
    async delete(name: string): Promise<void> {
      await db.query('DELETE FROM strategy_definitions WHERE name = $1', [name]);
    },
  };
}
