import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db } from './db.ts';
import { openPgDb } from './pg-db.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR, locked while it is open. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void = () => {},
): Promise<Db> {
  if (config.databaseUrl) {
    log('connecting to PostgreSQL (DATABASE_URL)');
    return openPgDb(config.databaseUrl);
  }
  await mkdir(config.dataDir, { recursive: true });
  // Before anything reads the directory: a second process on it would corrupt it (worker processes never open it).
  const lock = lockDataDir(config.dataDir, log);
  // Loaded only when used: the PGlite module alone is about 40 MB of a PostgreSQL-backed process's memory.
  const { hasDatabase, openPgliteDb } = await import('./pglite-db.ts');
  log(
    hasDatabase(config.dataDir)
      ? `opening the embedded database in ${config.dataDir}`
      : `creating a new embedded database in ${config.dataDir} (first start only, a few seconds)`,
  );
  try {
    const db = await openPgliteDb(config.dataDir);
    return {
      ...db,
      async close() {
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
