import type { Db } from '../../db/db.ts';
import type { ConversionRecorder } from './conversions/conversion-recorder.ts';
import type { ExposureRecorder } from './exposures/exposure-recorder.ts';
import { pruneTrackedTotals } from './conversions/tracked-totals-pruning.ts';

/** How often each process offers to prune the tracked totals (one of them does; decision record 0057). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Every process flushes its own buffers on a timer: exposures first, then the tracked events that are older than
 * one interval, so an exposure and the event that follows it arrive in that order. Running experiments are
 * re-read every few rounds, for starts and stops in other processes. Stopping flushes whatever is left.
 */
export function createExperimentFlusher(deps: {
  db: Db;
  exposures: ExposureRecorder;
  conversions: ConversionRecorder;
  intervalMs: number;
  onError: (error: unknown) => void;
  warn: (message: string) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let pruner: NodeJS.Timeout | undefined;
  let rounds = 0;
  const prune = () =>
    void pruneTrackedTotals(deps.db, new Date()).catch((error: unknown) => deps.onError(error));
  const round = async () => {
    try {
      if (++rounds % 5 === 0) await deps.exposures.refresh();
      await deps.exposures.flush();
      await deps.conversions.flush();
      const dropped = deps.exposures.takeDropped();
      if (dropped > 0) deps.warn(`experiments: ${dropped} exposures dropped, the buffer was full`);
    } catch (error) {
      deps.onError(error);
    }
  };
  return {
    async start() {
      await deps.exposures.refresh();
      timer = setInterval(() => void round(), deps.intervalMs);
      timer.unref();
      pruner = setInterval(prune, PRUNE_EVERY_MS);
      pruner.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (pruner) clearInterval(pruner);
      timer = undefined;
      pruner = undefined;
      try {
        await deps.exposures.flush();
        await deps.conversions.flush({ all: true });
      } catch (error) {
        deps.onError(error);
      }
    },
    /** Both buffers written now (tests, benchmarks). */
    async flushNow() {
      await deps.exposures.flush();
      await deps.conversions.flush({ all: true });
    },
  };
}

export type ExperimentFlusher = ReturnType<typeof createExperimentFlusher>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes buffered exposures and tracked events now: for tests and benchmarks. */
    experiments: ExperimentFlusher;
  }
}
