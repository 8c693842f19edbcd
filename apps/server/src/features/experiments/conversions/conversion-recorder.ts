import type { Db } from '../../../db/db.ts';
import { insertConversions, type Conversion } from './conversion-store.ts';

/** At most this many tracked events wait in memory; past it new ones are refused (the route answers 429). */
export const MAX_PENDING_CONVERSIONS = 100_000;
/**
 * Events per statement. The statement joins its CTEs with each other, which the planner sees as one row each and
 * joins by nested loops, so a batch costs the square of its size: 3,300 events took 8.6 s on PGlite in one batch
 * and 2.4 s in batches of 1,000 (the simulated experiment's test, on a loaded machine).
 */
const BATCH = 1_000;

/**
 * Buffers tracked events and writes them in batches. A timed flush writes only events older than `holdMs`, so an
 * exposure recorded at the same moment (perhaps by another process, which flushes on the same interval) is in
 * the database before the conversion that follows it is matched against it.
 */
export function createConversionRecorder(deps: { db: Db; holdMs: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const pending: Conversion[] = [];
  let flushing: Promise<number> | undefined;

  async function write(count: number): Promise<number> {
    let added = 0;
    while (count > 0) {
      const batch = pending.splice(0, Math.min(BATCH, count));
      count -= batch.length;
      added += await insertConversions(deps.db, batch);
    }
    return added;
  }

  /** Writes pending events (those older than the hold, unless `all`); returns how many counted for experiments. */
  function flush(options: { all?: boolean } = {}): Promise<number> {
    if (flushing) return flushing.then(() => flush(options));
    const cutoff = options.all ? Infinity : now().getTime() - deps.holdMs;
    let count = 0;
    while (count < pending.length && pending[count]!.at.getTime() <= cutoff) count++;
    if (count === 0) return Promise.resolve(0);
    flushing = write(count).finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    /** Accepts events unless the buffer is full; false when refused. */
    track(events: readonly Omit<Conversion, 'at'>[]): boolean {
      if (pending.length + events.length > MAX_PENDING_CONVERSIONS) return false;
      const at = now();
      for (const each of events) pending.push({ ...each, at });
      return true;
    },
    flush,
    pendingCount: () => pending.length,
  };
}

export type ConversionRecorder = ReturnType<typeof createConversionRecorder>;
