/** Questions tests ask the database to assert on what a request stored, or that it stored nothing. */
import type { Db } from '../db/db.ts';

/** How many rows a query returns. */
export async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS counted`, params);
  return row!.n;
}

/** How many rows of a table match a condition. */
export async function countRows(
  db: Db,
  table: string,
  where = 'true',
  params: unknown[] = [],
): Promise<number> {
  return count(db, `SELECT 1 FROM ${table} WHERE ${where}`, params);
}

/** How many events were written: all of them, of one type, or of one type for one flag. */
export async function countEvents(db: Db, type?: string, flagName?: string): Promise<number> {
  return count(
    db,
    'SELECT 1 FROM events WHERE ($1::text IS NULL OR type = $1) AND ($2::text IS NULL OR feature_name = $2)',
    [type ?? null, flagName ?? null],
  );
}

/** Types of the events recorded for a flag, oldest first. */
export async function eventTypes(db: Db, flag: string): Promise<string[]> {
  const rows = await db.query<{ type: string }>(
    'SELECT type FROM events WHERE feature_name = $1 ORDER BY id',
    [flag],
  );
  return rows.map((row) => row.type);
}

/** The newest event recorded for a flag. */
export async function lastEvent(db: Db, flag: string) {
  const [row] = await db.query<{
    type: string;
    data: unknown;
    pre_data: unknown;
    environment: string | null;
    created_by: string;
  }>(
    'SELECT type, data, pre_data, environment, created_by FROM events WHERE feature_name = $1 ORDER BY id DESC LIMIT 1',
    [flag],
  );
  return row;
}

/** A row-level snapshot of everything stored about flags, to assert a refused request changed nothing. */
export async function snapshot(db: Db): Promise<string> {
  const tables = [
    'flags',
    'flag_environments',
    'flag_strategies',
    'flag_strategy_segments',
    'flag_links',
    'flag_completions',
    'favorite_flags',
    'favorite_projects',
  ];
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`));
  parts.push(await db.query('SELECT * FROM flag_tags ORDER BY flag_name, tag_type, tag_value'));
  parts.push(await countEvents(db));
  return JSON.stringify(parts);
}
