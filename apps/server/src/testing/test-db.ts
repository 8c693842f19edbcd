import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPgDb } from '../db/pg-db.ts';
import { openPgliteDb } from '../db/pglite-db.ts';

let migratedDump: Promise<Blob> | undefined;

/** A migrated database image, made once per test worker and loaded into each new PGlite (far faster than migrating). */
async function dump(): Promise<Blob> {
  migratedDump ??= (async () => {
    const db = await openPgliteDb();
    await migrate(db);
    const blob = await db.pglite.dumpDataDir('none');
    await db.close();
    return blob;
  })();
  return migratedDump;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set (as in CI's
 * second run), a new schema of its own on that PostgreSQL server. With `migrateBefore`, migrations stop before
 * that file, for a test of what it does to existing rows.
 */
export async function createTestDb(options: { migrateBefore?: string } = {}): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const before = options.migrateBefore;
  if (!url && before) {
    const db = await openPgliteDb();
    await migrate(db, undefined, before);
    return db;
  }
  if (!url) return openPgliteDb(undefined, await dump());
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPgDb(url);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = await openPgDb(url, { searchPath: schema });
  await migrate(db, undefined, before);
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = await openPgDb(url);
      await cleanup.exec(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    },
  };
}
