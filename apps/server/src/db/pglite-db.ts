import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db.ts';

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

/** Opens the embedded database in dataDir, or in memory when dataDir is undefined. */
export async function openPgliteDb(
  dataDir?: string,
  loadDataDir?: Blob | File,
): Promise<Db & { pglite: PGlite }> {
  // PGlite ignores options given after an undefined dataDir, so pass one options object.
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await pglite.waitReady;
  const root = wrap(pglite, pglite);
  return {
    ...root,
    pglite,
    async close() {
      await pglite.close();
    },
  };
}

function wrap(pglite: PGlite, conn: Queryable, inTx = false): Db {
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
      return pglite.transaction((tx) => fn(wrap(pglite, tx, true)));
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
