import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgDb } from './pg-db.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void = () => {},
): Promise<Db> {
  if (config.databaseUrl) {
    log('connecting to PostgreSQL (DATABASE_URL)');
    return openPgDb(config.databaseUrl);
  }
  await mkdir(config.dataDir, { recursive: true });
  // Loaded only when used: the PGlite module alone is about 40 MB of a PostgreSQL-backed process's memory.
  const { hasDatabase, openPgliteDb } = await import('./pglite-db.ts');
  log(
    hasDatabase(config.dataDir)
      ? `opening the embedded database in ${config.dataDir}`
      : `creating a new embedded database in ${config.dataDir} (first start only, a few seconds)`,
  );
  return openPgliteDb(config.dataDir);
}
