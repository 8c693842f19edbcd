import type { Db } from '../../../db/db.ts';
import { FLAG_TYPE_ORDER, type FlagType } from './flag-type.ts';

type FlagTypeRow = { id: string; name: string; description: string; lifetime_days: number | null };

const toFlagType = (row: FlagTypeRow): FlagType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  lifetimeDays: row.lifetime_days,
});

export function createFlagTypeStore(db: Db) {
  return {
    async list(): Promise<FlagType[]> {
      const rows = await db.query<FlagTypeRow>(
        'SELECT * FROM flag_types ORDER BY array_position($1::text[], id) NULLS LAST, id',
        [FLAG_TYPE_ORDER],
      );
      return rows.map(toFlagType);
    },
    async get(id: string): Promise<FlagType | undefined> {
      const [row] = await db.query<FlagTypeRow>('SELECT * FROM flag_types WHERE id = $1', [id]);
      return row && toFlagType(row);
    },
    async setLifetime(id: string, lifetimeDays: number | null): Promise<void> {
      await db.query('UPDATE flag_types SET lifetime_days = $2 WHERE id = $1', [id, lifetimeDays]);
    },
  };
}
