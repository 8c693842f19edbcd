import type { Db } from '../../../db/db.ts';
import { MAINTENANCE_SETTING, maintenanceOn } from '../../flag-model/events/write-gate.ts';

/** Maintenance mode lives in the database, so every server process on it agrees at once. */
export function createMaintenanceStore(db: Db) {
  return {
    enabled: (): Promise<boolean> => maintenanceOn(db),
    async set(enabled: boolean): Promise<void> {
      await db.query(
        `INSERT INTO settings (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [MAINTENANCE_SETTING, { enabled }],
      );
    },
  };
}
