import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { createCommitHooks, type Db } from './db.ts';

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

/**
 * PostgreSQL's default of 128 MB of shared buffers suits a dedicated machine, not a database inside the server's
 * own process; 16 MB holds Switchyard's working set many times over and keeps the process about 120 MB smaller.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creating a new data directory (initdb) grows the WebAssembly heap to about 700 MB, which is never handed back.
 * A short-lived child process does it instead, so the server itself only ever opens an existing directory.
 */
async function initDataDir(dataDir: string): Promise<void> {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
const db = new PGlite({ dataDir: ${JSON.stringify(dataDir)} });
await db.waitReady;
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
}

/** Whether dataDir holds a database already; otherwise opening it creates one (initdb, a few seconds). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Opens the embedded database in dataDir, or in memory when dataDir is undefined. */
export async function openPgliteDb(
  dataDir?: string,
  loadDataDir?: Blob | File,
): Promise<Db & { pglite: PGlite; dumpDataDir(): Promise<Buffer> }> {
  if (dataDir && !loadDataDir && !hasDatabase(dataDir)) await initDataDir(dataDir);
  // PGlite ignores options given after an undefined dataDir, so pass one options object.
  const pglite = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: START_PARAMS,
  });
  await pglite.waitReady;
  const root = wrap(pglite, pglite);
  return {
    ...root,
    pglite,
    async dumpDataDir() {
      // The CHECKPOINT writes every committed change into the data files, so the copy opens without replaying
      // much log. The files are then read holding the lock every statement and transaction takes (PGlite's
      // query() and transaction() both do), so no transaction is half done in the copy.
      await pglite.exec('CHECKPOINT');
      const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
      return Buffer.from(await dump.arrayBuffer());
    },
    async close() {
      await pglite.close();
    },
  };
}

function wrap(pglite: PGlite, conn: Queryable, hooks?: ReturnType<typeof createCommitHooks>): Db {
  const inTx = hooks !== undefined;
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await conn.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(db);
      return pglite.transaction(async (tx) => {
        const commitHooks = createCommitHooks();
        const inner = wrap(pglite, tx, commitHooks);
        const result = await fn(inner);
        await commitHooks.run(inner);
        return result;
      });
    },
    async beforeCommit(key, fn) {
      if (hooks) hooks.add(key, fn);
      else await db.transaction(fn);
    },
    async listen(channel, handler) {
      const unsubscribe = await pglite.listen(channel, handler);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await conn.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {},
  };
  return db;
}
