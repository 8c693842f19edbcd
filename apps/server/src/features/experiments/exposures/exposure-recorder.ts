import type { Db } from '../../../db/db.ts';
import { createExposureBuffer, type HeldExposure, type RunningExperiment } from '../../sdk-serving/index.ts';
import { insertExposures } from './exposure-store.ts';

/** One flush inserts at most this many rows per statement. */
const BATCH = 5_000;

/**
 * Records first exposures cheaply on the request path through SDK serving's bounded buffer (a map lookup of the
 * running experiment of the flag in the environment, a set lookup for users already recorded by this process, a
 * push). A timer flushes the buffer in batches; the database's primary key deduplicates across processes. Workers
 * and edges hold exposures in the same buffer and hand them here (`accept`).
 */
export function createExposureRecorder(deps: {
  db: Db;
  /** Running experiments by environment and flag, from the experiment store. */
  loadRunning: () => Promise<RunningExperiment[]>;
}) {
  const buffer = createExposureBuffer();
  const listeners = new Set<(running: RunningExperiment[]) => void>();
  let flushing: Promise<number> | undefined;

  async function flushAll(): Promise<number> {
    let added = 0;
    for (let batch = buffer.take(BATCH); batch.length > 0; batch = buffer.take(BATCH)) {
      try {
        added += await insertExposures(
          deps.db,
          batch.map((each) => ({ ...each, at: new Date(each.at) })),
        );
      } catch (error) {
        buffer.forget(batch);
        throw error;
      }
    }
    return added;
  }

  /** Writes every pending exposure; returns how many were new. Concurrent calls share one flush. */
  function flush(): Promise<number> {
    if (flushing) return flushing.then(flush);
    if (buffer.pendingCount() === 0) return Promise.resolve(0);
    flushing = flushAll().finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    port: buffer.port,
    /** Reloads which experiments run: after any change, and on a timer for changes made by other processes. */
    async refresh(): Promise<void> {
      const running = await deps.loadRunning();
      const before = JSON.stringify(buffer.running());
      buffer.setRunning(running);
      if (JSON.stringify(running) !== before) for (const listener of listeners) listener(running);
    },
    /** The experiments running as last read. */
    running: () => buffer.running(),
    /** Calls listener with the running experiments whenever they change (workers are told). */
    onRunning(listener: (running: RunningExperiment[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Exposures a worker or an edge saw: held and flushed with this process's own. */
    accept: (exposures: readonly HeldExposure[]) => buffer.add(exposures),
    flush,
    /** Dropped because the buffer was full (taken and reset), for the log. */
    takeDropped: () => buffer.takeDropped(),
    pendingCount: () => buffer.pendingCount(),
  };
}

export type ExposureRecorder = ReturnType<typeof createExposureRecorder>;
