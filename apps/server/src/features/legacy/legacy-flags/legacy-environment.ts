import type { Db } from '../../../db/db.ts';

/**
 * The environment a v1 flag's `enabled` and `strategies` stand for: the first environment of the flag's project, in
 * sort order, that is enabled (`development` in a new instance). Decision record 0014.
 */
export async function legacyEnvironmentOf(db: Db, project: string): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>(
    `SELECT e.name FROM environments e
       JOIN project_environments pe ON pe.environment_name = e.name AND pe.project_id = $1
      WHERE e.enabled ORDER BY e.sort_order, e.name LIMIT 1`,
    [project],
  );
  return row?.name;
}

/** The project of an active or archived flag, if there is such a flag. */
export async function projectOfFlag(db: Db, flagName: string): Promise<string | undefined> {
  const [row] = await db.query<{ project_id: string }>('SELECT project_id FROM flags WHERE name = $1', [
    flagName,
  ]);
  return row?.project_id;
}
