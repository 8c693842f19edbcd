import pg from 'pg';
import type { Db } from './db.ts';

// Dates stay Date, counts come back as numbers: bigint counts never exceed 2^53 here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Opens a pool on a PostgreSQL server. searchPath isolates tests in their own schema. */
export async function openPgDb(connectionString: string, options: { searchPath?: string } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  await pool.query('SELECT 1');
  const listeners = new Map<string, Set<(payload: string) => void>>();
  // NOTIFY reaches every session of the database, whatever its search_path: a schema of its own (a test file) gets
  // channels of its own too, so one schema's changes never empty another one's caches.
  const scoped = (channel: string) => (options.searchPath ? `${options.searchPath}.${channel}` : channel);
  let listenClient: pg.PoolClient | undefined;

  const run = (client: pg.Pool | pg.PoolClient, inTx: boolean): Db => {
    const db: Db = {
      kind: 'postgres',
      async query<T>(sql: string, params: unknown[] = []) {
        const result = await client.query(sql, params);
        return result.rows as T[];
      },
      async exec(sql: string) {
        await client.query(sql);
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        if (inTx) return fn(db);
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          const result = await fn(run(conn, true));
          await conn.query('COMMIT');
          return result;
        } catch (error) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          conn.release();
        }
      },
      async listen(name, handler) {
        const channel = scoped(name);
        if (!listenClient) {
          listenClient = await pool.connect();
          listenClient.on('notification', (message) => {
            for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? '');
          });
        }
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          await listenClient.query(`LISTEN "${channel.replaceAll('"', '')}"`);
        }
        set.add(handler);
        return async () => {
          set.delete(handler);
        };
      },
      async notify(channel, payload) {
        await client.query('SELECT pg_notify($1, $2)', [scoped(channel), payload]);
      },
      async close() {
        listenClient?.release();
        listenClient = undefined;
        await pool.end();
      },
    };
    return db;
  };
  return run(pool, false);
}
