import type { Db } from '../../../db/db.ts';
import { MaintenanceError } from '../../../http/errors.ts';
import type { NewEvent } from './event.ts';

/** The settings row that holds maintenance mode; in the database, so every server process agrees at once. */
export const MAINTENANCE_SETTING = 'maintenance';

export async function maintenanceOn(db: Db): Promise<boolean> {
  const [row] = await db.query<{ value: { enabled?: boolean } }>(
    'SELECT value FROM settings WHERE name = $1',
    [MAINTENANCE_SETTING],
  );
  return row?.value.enabled === true;
}

/**
 * Records maintenance mode lets through: turning it off again, an export (a read that leaves a record) and a
 * person's own password reset. A first single sign-on says so itself (`duringSignIn`).
 */
const ALLOWED_IN_MAINTENANCE = new Set([
  'maintenance-mode-toggled',
  'features-exported',
  'user-password-reset',
]);

export const MAINTENANCE_MESSAGE =
  'Switchyard is in maintenance mode: changes are paused until an admin turns it off';

/**
 * The one gate every recorded change passes, whatever its entry (a route, an action, the change-request scheduler,
 * SCIM, an import): every change appends its event in its own transaction, so refusing the event refuses the change.
 */
export async function passWriteGate(db: Db, event: NewEvent): Promise<void> {
  if (event.duringSignIn || ALLOWED_IN_MAINTENANCE.has(event.type)) return;
  if (await maintenanceOn(db)) throw new MaintenanceError(MAINTENANCE_MESSAGE);
}
