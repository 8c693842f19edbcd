import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import { FLAG_COUNTS } from './project-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Averages compare the last 30 days (current window) with the 30 days before (past window). */
const WINDOW_DAYS = 30;

/**
 * Records every project's health for the UTC day of `now`, computed as healthOf does (a project without flags is
 * healthy). A day already recorded keeps its first value, so every process may record; the key decides.
 */
export async function recordDailyHealth(db: Db, now: Date): Promise<number> {
  const rows = await db.query(
    `INSERT INTO project_health_days (project, day, health)
     SELECT p.id, ($1::timestamptz AT TIME ZONE 'UTC')::date,
            CASE WHEN COALESCE(c.total, 0) = 0 THEN 100
                 ELSE round(((c.total - c.stale - c.potentially_stale) * 100)::numeric / c.total)::int END
       FROM projects p LEFT JOIN ${FLAG_COUNTS} c ON c.project_id = p.id
     ON CONFLICT (project, day) DO NOTHING
     RETURNING project`,
    [now],
  );
  return rows.length;
}

/** The project's average daily health over the last 30 days and the 30 before; null for a window with no record. */
export async function healthAverages(
  db: Db,
  project: string,
  now: Date,
): Promise<{ current: number | null; past: number | null }> {
  const current = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const past = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS);
  const [row] = await db.query<{ current: number | null; past: number | null }>(
    `SELECT round(avg(health) FILTER (WHERE day > ($2::timestamptz AT TIME ZONE 'UTC')::date))::int AS current,
            round(avg(health) FILTER (WHERE day <= ($2::timestamptz AT TIME ZONE 'UTC')::date
                                        AND day > ($3::timestamptz AT TIME ZONE 'UTC')::date))::int AS past
       FROM project_health_days WHERE project = $1`,
    [project, current, past],
  );
  return { current: row?.current ?? null, past: row?.past ?? null };
}

/** Records the day's health at start and then every `intervalMs` (an hour in app.ts), so each day gets its row. */
export function createHealthRecorder(
  db: Db,
  options: { intervalMs: number; onError?: (error: unknown) => void },
) {
  return createPeriodicTask(() => recordDailyHealth(db, new Date()), { ...options, atStart: true });
}
