import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../db/migrate.ts';
import { openPgDb } from '../db/pg-db.ts';
import { openPgliteDb } from '../db/pglite-db.ts';

/**
 * Migrations run once per version of the migrations folder, not once per test file: the first file to ask makes a
 * migrated template (a PGlite dump, a PGlite data directory, a PostgreSQL template database) and every later file,
 * in any worker and any later run, copies it. The version is a hash of the migration files' names and contents.
 */
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const CACHE_DIR = path.join(tmpdir(), 'switchyard-test-templates');

let version: string | undefined;
export function migrationsVersion(): string {
  if (version) return version;
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  version = hash.digest('hex').slice(0, 12);
  return version;
}

/** Makes `target` once: `make(temporary)` writes into a folder of its own, renamed into place when complete. */
async function once(target: string, make: (temporary: string) => Promise<void>): Promise<string> {
  if (existsSync(target)) return target;
  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await make(temporary);
    // Another worker may have won the race: its copy is as good as ours.
    if (!existsSync(target)) renameSync(temporary, target);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return target;
}

/** A migrated PGlite image, loaded into each new in-memory test database (about 100 ms instead of migrating). */
export async function migratedDump(): Promise<Blob> {
  const file = await once(path.join(CACHE_DIR, `dump-${migrationsVersion()}`), async (temporary) => {
    const db = await openPgliteDb();
    await migrate(db);
    const blob = await db.pglite.dumpDataDir('none');
    await db.close();
    mkdirSync(temporary);
    writeFileSync(path.join(temporary, 'data.tar'), Buffer.from(await blob.arrayBuffer()));
  });
  return new Blob([readFileSync(path.join(file, 'data.tar'))]);
}

/**
 * Fills an empty or missing `dataDir` with a migrated embedded database, so a server process started on it skips the
 * migrations (seconds per start) and answers as on any existing database.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const template = await once(path.join(CACHE_DIR, `data-${migrationsVersion()}`), async (temporary) => {
    const db = await openPgliteDb(temporary);
    await migrate(db);
    await db.close();
  });
  cpSync(template, dataDir, { recursive: true });
}

const templateDatabase = () => `switchyard_template_${migrationsVersion()}`;

/** One statement on a connection of its own (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function run(url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** The migrated template database on the server of `baseUrl`, made once under an advisory lock. */
async function ensureTemplate(baseUrl: string): Promise<string> {
  const name = templateDatabase();
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    // One lock key for every Switchyard test run on this server: the first one makes the template.
    await client.query('SELECT pg_advisory_lock(7250001)');
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = await openPgDb(withDatabase(baseUrl, building));
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7250001)').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
  return name;
}

/** A new database on the server of `baseUrl`: migrated (a copy of the template) unless `empty`. */
export async function createDatabase(baseUrl: string, name: string, empty = false): Promise<void> {
  if (empty) {
    await run(baseUrl, `CREATE DATABASE ${name}`);
    return;
  }
  const template = await ensureTemplate(baseUrl);
  // PostgreSQL refuses to copy a template while another session is connected to it; those sessions are brief.
  for (let attempt = 0; ; attempt++) {
    try {
      await run(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
