import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import { maintenanceOn } from '../events/write-gate.ts';
import { createEventStore } from '../events/event-store.ts';

/** Who tells that a flag outlived its type's lifetime: nobody did it, time did. */
const WATCHER = 'Switchyard';

/** A flag has outlived its type when it is older than the type's expected lifetime (types without one never do). */
const OUTLIVED = `NOT f.stale AND f.archived_at IS NULL AND ft.lifetime_days IS NOT NULL
  AND f.created_at < $1::timestamptz - make_interval(days => ft.lifetime_days)`;

/**
 * Marks each flag that has outlived its type's lifetime since the last look and records `feature-potentially-stale-on`
 * for it, in one transaction with the marks, so integrations are told once. Every process may look: the UPDATE takes
 * each row's lock and the second process finds the mark already set. Flags that no longer qualify lose their mark, so
 * a later crossing is told again. Maintenance mode pauses it (the event is a recorded change like any other).
 */
export async function markPotentiallyStale(db: Db, now: Date): Promise<string[]> {
  if (await maintenanceOn(db)) return [];
  return db.transaction(async (tx) => {
    await tx.query(
      `UPDATE flags f SET potentially_stale_at = NULL
        WHERE f.potentially_stale_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM flag_types ft WHERE ft.id = f.type AND ${OUTLIVED})`,
      [now],
    );
    const marked = await tx.query<{ name: string; project_id: string }>(
      `UPDATE flags f SET potentially_stale_at = $1
         FROM flag_types ft
        WHERE ft.id = f.type AND f.potentially_stale_at IS NULL AND ${OUTLIVED}
        RETURNING f.name, f.project_id`,
      [now],
    );
    const events = createEventStore(tx);
    for (const flag of marked.sort((a, b) => a.name.localeCompare(b.name)))
      await events.append({
        type: 'feature-potentially-stale-on',
        createdBy: WATCHER,
        project: flag.project_id,
        flagName: flag.name,
        data: { name: flag.name, potentiallyStale: true },
      });
    return marked.map((flag) => flag.name);
  });
}

/** Looks at start and then every `intervalMs`; `now` is the clock (tests move it). */
export function createStaleWatcher(
  db: Db,
  options: { intervalMs: number; now?: () => Date; onError?: (error: unknown) => void },
) {
  const now = options.now ?? (() => new Date());
  return createPeriodicTask(() => markPotentiallyStale(db, now()), { ...options, atStart: true });
}
