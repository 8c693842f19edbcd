/** How a piece of background work repeats; `atStart` also runs it as soon as the task starts. */
export type PeriodicOptions = { intervalMs: number; atStart?: boolean; onError?: (error: unknown) => void };

export type PeriodicTask = {
  start(): void;
  /** Stops the interval, tells the work it is stopping, and waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * Runs `work` every `intervalMs`, never twice at once in this process (a run that outlasts the interval makes the
 * next tick a no-op), with a timer that does not keep the process alive. What must happen once across processes is
 * decided by the database inside `work`, never here. `work` gets `stopping()` so a loop over due items can end early
 * when the app closes. Set up once when the app is built.
 */
export function createPeriodicTask(
  work: (stopping: () => boolean) => Promise<unknown>,
  options: PeriodicOptions,
): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const stopping = () => stopped;
  const run = () => {
    running ??= work(stopping)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (running = undefined));
  };
  return {
    start() {
      stopped = false;
      if (options.atStart) run();
      timer = setInterval(run, options.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
