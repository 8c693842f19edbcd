/** One database interface over embedded PGlite and a real PostgreSQL server. */
export type Db = {
  readonly kind: 'pglite' | 'postgres';
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction; nested calls join the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn once per key inside the current transaction, after the rest of its work and just before it commits
   * (what the transaction changed, seen whole). Outside a transaction, runs it now in a transaction of its own.
   */
  beforeCommit(key: string, fn: (tx: Db) => Promise<void>): Promise<void>;
  /** Calls handler for every NOTIFY on channel, from any process on the same database. Returns an unsubscribe. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database only: a consistent copy of its data directory as a gzipped tar, taken between
   * transactions while the database keeps serving (npm run restore reads it). Absent on PostgreSQL: pg_dump.
   */
  dumpDataDir?(): Promise<Buffer>;
};

export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** The hooks a transaction runs before it commits, in the order registered; a hook may register more. */
export function createCommitHooks() {
  const hooks = new Map<string, (tx: Db) => Promise<void>>();
  return {
    add(key: string, fn: (tx: Db) => Promise<void>): void {
      if (!hooks.has(key)) hooks.set(key, fn);
    },
    async run(tx: Db): Promise<void> {
      const done = new Set<string>();
      for (;;) {
        const next = [...hooks.entries()].find(([key]) => !done.has(key));
        if (!next) return;
        done.add(next[0]);
        await next[1](tx);
      }
    },
  };
}
