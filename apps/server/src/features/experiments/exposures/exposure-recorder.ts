import type { Db } from '../../../db/db.ts';
import type { ExposurePort } from '../../sdk-serving/index.ts';
import { insertExposures, type Exposure } from './exposure-store.ts';

/** At most this many exposures wait in memory; past it new ones are dropped (and counted) until a flush. */
export const MAX_PENDING_EXPOSURES = 50_000;
/** At most this many (experiment, user) pairs remembered as already recorded; then the memory starts over. */
const MAX_REMEMBERED = 500_000;
/** One flush inserts at most this many rows per statement. */
const BATCH = 5_000;

/**
 * Records first exposures cheaply on the request path: a map lookup of the running experiment of the flag in the
 * environment, a set lookup for users already recorded by this process, a push onto a bounded buffer. A timer
 * flushes the buffer in batches; the database's primary key deduplicates across processes.
 */
export function createExposureRecorder(deps: {
  db: Db;
  /** Running experiments by environment and flag, from the experiment store. */
  loadRunning: () => Promise<{ id: number; environment: string; flagName: string }[]>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let watched = new Map<string, Map<string, number>>();
  let remembered = new Set<string>();
  const pending: Exposure[] = [];
  let dropped = 0;
  let flushing: Promise<number> | undefined;

  const port: ExposurePort = {
    watching: (environment) => watched.has(environment),
    saw(environment, user, flagName, variant) {
      const experimentId = watched.get(environment)?.get(flagName);
      if (experimentId === undefined) return false;
      const key = `${experimentId}\u0000${user}`;
      if (remembered.has(key)) return true;
      if (pending.length >= MAX_PENDING_EXPOSURES) {
        dropped++;
        return true;
      }
      if (remembered.size >= MAX_REMEMBERED) remembered = new Set();
      remembered.add(key);
      pending.push({ experimentId, user, variant, at: now() });
      return true;
    },
  };

  async function flushAll(): Promise<number> {
    let added = 0;
    while (pending.length > 0) {
      const batch = pending.splice(0, BATCH);
      try {
        added += await insertExposures(deps.db, batch);
      } catch (error) {
        // Not remembered any more, so a later evaluation records them again.
        for (const each of batch) remembered.delete(`${each.experimentId}\u0000${each.user}`);
        throw error;
      }
    }
    return added;
  }

  /** Writes every pending exposure; returns how many were new. Concurrent calls share one flush. */
  function flush(): Promise<number> {
    if (flushing) return flushing.then(flush);
    if (pending.length === 0) return Promise.resolve(0);
    flushing = flushAll().finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    port,
    /** Reloads which experiments run: after any change, and on a timer for changes made by other processes. */
    async refresh(): Promise<void> {
      const next = new Map<string, Map<string, number>>();
      for (const each of await deps.loadRunning()) {
        let flags = next.get(each.environment);
        if (!flags) next.set(each.environment, (flags = new Map()));
        flags.set(each.flagName, each.id);
      }
      watched = next;
    },
    flush,
    /** Dropped because the buffer was full (taken and reset), for the log. */
    takeDropped(): number {
      const n = dropped;
      dropped = 0;
      return n;
    },
    pendingCount: () => pending.length,
  };
}

export type ExposureRecorder = ReturnType<typeof createExposureRecorder>;
