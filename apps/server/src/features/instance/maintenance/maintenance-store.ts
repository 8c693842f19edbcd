import type { Db } from '../../../db/db.ts';

const NAME = 'maintenance';

/** Maintenance mode lives in the database, so every server process on it agrees at once. */
export function createMaintenanceStore(db: Db) {
  return {
    async enabled(): Promise<boolean> {
      const [row] = await db.query<{ value: { enabled?: boolean } }>(
        'SELECT value FROM settings WHERE name = $1',
        [NAME],
      );
      return row?.value.enabled === true;
    },
    async set(enabled: boolean): Promise<void> {
      await db.query(
        `INSERT INTO settings (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [NAME, { enabled }],
      );
    },
  };
}
