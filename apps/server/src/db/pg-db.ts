import pg from 'pg';
import { createCommitHooks, type Db } from './db.ts';

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
  let listenClient: Promise<pg.PoolClient> | undefined;
  let closed = false;
  // An idle connection the server ends (a restart, a terminated session) is dropped by the pool: not a crash.
  pool.on('error', () => undefined);

  /**
   * The one session that LISTENs. When the server ends it, another one listens again on every channel (retrying each
   * second while the database is away), so caches keep hearing of changes after a database restart.
   */
  const connectListener = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? '');
    });
    client.on('error', () => {
      client.release(true);
      if (closed) return;
      listenClient = undefined;
      void relisten();
    });
    return client;
  };
  const relisten = async (): Promise<void> => {
    while (!closed) {
      try {
        listenClient = connectListener();
        const client = await listenClient;
        for (const channel of listeners.keys()) await client.query(`LISTEN "${channel.replaceAll('"', '')}"`);
        return;
      } catch {
        listenClient = undefined;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };

  const run = (client: pg.Pool | pg.PoolClient, hooks?: ReturnType<typeof createCommitHooks>): Db => {
    const inTx = hooks !== undefined;
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
          const commitHooks = createCommitHooks();
          const inner = run(conn, commitHooks);
          const result = await fn(inner);
          await commitHooks.run(inner);
          await conn.query('COMMIT');
          return result;
        } catch (error) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          conn.release();
        }
      },
      async beforeCommit(key, fn) {
        if (hooks) hooks.add(key, fn);
        else await db.transaction(fn);
      },
      async listen(name, handler) {
        const channel = scoped(name);
        listenClient ??= connectListener();
        const listening = await listenClient;
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          await listening.query(`LISTEN "${channel.replaceAll('"', '')}"`);
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
        closed = true;
        const listening = await listenClient?.catch(() => undefined);
        listenClient = undefined;
        listening?.release();
        await pool.end();
      },
    };
    return db;
  };
  return run(pool);
}
