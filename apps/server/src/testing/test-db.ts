import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPgDb } from '../db/pg-db.ts';
import { openPgliteDb } from '../db/pglite-db.ts';
import { migratedDump } from './migrated-template.ts';
import { createPgDatabase } from './pg-database.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the migrated template, or, when
 * DATABASE_URL is set (as in CI's second run), a new database of its own on that PostgreSQL server, copied from the
 * migrated template database. With `migrateBefore`, migrations stop before that file, for a test of what it does to
 * existing rows.
 */
export async function createTestDb(options: { migrateBefore?: string } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const before = options.migrateBefore;
  if (!url && before) {
    const db = await openPgliteDb();
    await migrate(db, undefined, before);
    return db;
  }
  if (!url) return openPgliteDb(undefined, await migratedDump());
  const database = await createPgDatabase(url, 'switchyard_f', { empty: before !== undefined });
  const db = await openPgDb(database.url);
  if (before) await migrate(db, undefined, before);
  return {
    ...db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}
