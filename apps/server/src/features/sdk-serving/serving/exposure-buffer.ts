import type { ExposurePort } from './exposure-port.ts';

/** A running experiment as SDK serving needs to know it: which flag, in which environment. */
export type RunningExperiment = { id: number; environment: string; flagName: string };
/** One user's first exposure to an experiment, as held in memory and sent between processes (`at` in ms). */
export type HeldExposure = { experimentId: number; user: string; variant: string; at: number };

/** At most this many exposures wait in memory; past it new ones are dropped (and counted) until they are taken. */
export const MAX_PENDING_EXPOSURES = 50_000;
/** At most this many (experiment, user) pairs remembered as already recorded; then the memory starts over. */
export const MAX_REMEMBERED_EXPOSURES = 500_000;

/**
 * First exposures held in memory, bounded, by every process that evaluates flags: the server, its workers and the
 * edge (decision records 0042 and 0050). On the request path it costs a map lookup of the flag's running
 * experiment, a set lookup of the users this process already saw and a push; whoever owns the buffer takes what it
 * holds and writes it (the server) or sends it on (a worker to its primary, an edge upstream).
 */
export function createExposureBuffer(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  let watched = new Map<string, Map<string, number>>();
  let running: RunningExperiment[] = [];
  let remembered = new Set<string>();
  let pending: HeldExposure[] = [];
  let dropped = 0;

  const keyOf = (experimentId: number, user: string) => `${experimentId}\u0000${user}`;
  /** Holds the exposure unless this process already holds or wrote it; counts it dropped when the buffer is full. */
  const hold = (exposure: HeldExposure): void => {
    const key = keyOf(exposure.experimentId, exposure.user);
    if (remembered.has(key)) return;
    if (pending.length >= MAX_PENDING_EXPOSURES) {
      dropped++;
      return;
    }
    if (remembered.size >= MAX_REMEMBERED_EXPOSURES) remembered = new Set();
    remembered.add(key);
    pending.push(exposure);
  };

  const port: ExposurePort = {
    watching: (environment) => watched.has(environment),
    saw(environment, user, flagName, variant) {
      const experimentId = watched.get(environment)?.get(flagName);
      if (experimentId === undefined) return false;
      hold({ experimentId, user, variant, at: now() });
      return true;
    },
  };

  return {
    port,
    /** Which experiments run now (replaces the previous list). */
    setRunning(list: readonly RunningExperiment[]): void {
      const next = new Map<string, Map<string, number>>();
      for (const each of list) {
        let flags = next.get(each.environment);
        if (!flags) next.set(each.environment, (flags = new Map()));
        flags.set(each.flagName, each.id);
      }
      watched = next;
      running = [...list];
    },
    running: (): RunningExperiment[] => running,
    /** Exposures another process saw (a worker's): held like this process's own, deduplicated the same way. */
    add(exposures: readonly HeldExposure[]): void {
      for (const exposure of exposures) hold(exposure);
    },
    /** Takes up to `max` held exposures, oldest first. */
    take(max = Number.POSITIVE_INFINITY): HeldExposure[] {
      if (pending.length <= max) {
        const all = pending;
        pending = [];
        return all;
      }
      return pending.splice(0, max);
    },
    /** Exposures that could not be written or sent: forgotten, so a later evaluation holds them again. */
    forget(exposures: readonly HeldExposure[]): void {
      for (const each of exposures) remembered.delete(keyOf(each.experimentId, each.user));
    },
    /** Dropped because the buffer was full (taken and reset), for the log. */
    takeDropped(): number {
      const n = dropped;
      dropped = 0;
      return n;
    },
    pendingCount: () => pending.length,
  };
}

export type ExposureBuffer = ReturnType<typeof createExposureBuffer>;
