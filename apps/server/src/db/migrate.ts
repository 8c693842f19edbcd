import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same in every process migrating one database. */
const MIGRATION_LOCK = 7_424_242;

/**
 * Applies, in name order, every migration not applied yet. Safe when several processes start at once.
 * `before` stops at that migration, so a test can put rows in the old shape and watch a migration convert them.
 */
export async function migrate(
  db: Db,
  log: (message: string) => void = () => {},
  before?: string,
): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => f.endsWith('.sql') && (before === undefined || f < before))
    .sort();
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const pending = files.filter((file) => !done.has(file));
    const applied: string[] = [];
    for (const file of pending) {
      log(`migrating (${applied.length + 1}/${pending.length}): ${file}`);
      await tx.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
