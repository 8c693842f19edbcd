import cluster, { type Worker } from 'node:cluster';
import type { EnvironmentState } from '../features/sdk-serving/client-api/client-feature.ts';
import { addCounters, type Counters, type ProcessMetrics } from '../features/instance/index.ts';
import type { ClientStateCache } from '../features/sdk-serving/client-api/client-state-cache.ts';
import { feedPositionHere } from '../features/flag-model/history/history-recorder.ts';
import type { SdkTokenLookup } from '../features/sdk-serving/serving/sdk-tokens.ts';
import type { HeldExposure, RunningExperiment } from '../features/sdk-serving/serving/exposure-buffer.ts';
import { PRIMARY_URL_VARIABLE, type ToPrimary, type ToWorker } from './cluster-messages.ts';

/** What the primary's app shares with its workers: states, token lookups, the frontend origins and experiments. */
export type ServingParts = {
  cache: ClientStateCache;
  lookUpTokens: SdkTokenLookup;
  frontendOrigins: () => Promise<string[]>;
  /** Calls listener when a token is created, changed or deleted in this process, before the answer goes out. */
  onCredentialsChanged: (listener: () => void) => void;
  /** The running experiments workers hold exposures for, and where the exposures they send go. */
  experiments: {
    running(): RunningExperiment[];
    onRunning(listener: (running: RunningExperiment[]) => void): () => void;
    accept(exposures: readonly HeldExposure[]): void;
  };
};

/** A burst of changes (an import, a script) becomes one push per environment. */
const PUSH_DELAY_MS = 10;
const STOP_TIMEOUT_MS = 9_000;
/** How long a change waits for the workers at most: a hung worker must not hang the admin API. */
const CATCH_UP_TIMEOUT_MS = 2_000;
/** How long a scrape waits for a worker's counters: a worker that does not answer is left out, with its last. */
const METRICS_TIMEOUT_MS = 2_000;

/**
 * Forks the workers that serve SDKs on the public port and keeps them current: every environment a worker asked
 * for is pushed to all workers after each change (any process's, heard through the state cache), tokens are
 * looked up here, and a worker that dies is replaced. Resolves once every worker listens.
 */
export async function startWorkers(deps: {
  count: number;
  primaryUrl: string;
  /** What the workers vouch for the peers of the requests they relay with (http/caller.ts). */
  relayKey: string;
  parts: ServingParts;
  say: (message: string) => void;
}): Promise<{
  port: number;
  catchUp(): Promise<void>;
  metrics(): Promise<ProcessMetrics[]>;
  stop(): Promise<void>;
}> {
  const { cache, lookUpTokens } = deps.parts;
  const wanted = new Set<string>();
  let stopping = false;
  let origins = await deps.parts.frontendOrigins();

  const broadcast = (message: ToWorker) => {
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) worker.send(message);
  };
  /** The state last broadcast per environment: the same state is not sent twice. */
  const sent = new Map<string, EnvironmentState>();
  const sendState = async (environment: string, to: (message: ToWorker) => void, always = true) => {
    try {
      const state = await cache.state(environment);
      if (!always && sent.get(environment) === state) return;
      if (to === broadcast) sent.set(environment, state);
      to({ kind: 'state', environment, state });
    } catch (error) {
      deps.say(`could not send environment ${environment} to the workers: ${(error as Error).message}`);
    }
  };

  let pushTimer: NodeJS.Timeout | undefined;
  let pushing = Promise.resolve();
  const schedulePush = () => {
    pushTimer ??= setTimeout(() => {
      pushTimer = undefined;
      pushing = pushing.then(async () => {
        const fresh = await deps.parts.frontendOrigins().catch(() => origins);
        if (fresh.join('\n') !== origins.join('\n')) {
          origins = fresh;
          broadcast({ kind: 'changed', frontendOrigins: origins });
        }
        for (const environment of wanted) await sendState(environment, broadcast, false);
      });
    }, PUSH_DELAY_MS);
  };
  deps.parts.onCredentialsChanged(() => {
    if (!stopping) broadcast({ kind: 'changed', frontendOrigins: origins });
  });
  const stopExperiments = deps.parts.experiments.onRunning((running) => {
    if (!stopping) broadcast({ kind: 'experiments', running });
  });
  const unsubscribe = cache.onChange((change) => {
    // Tokens first and at once: a deleted token must stop working before anything else is sent. A change of flags
    // alone leaves tokens and origins as they were.
    if (!change.flagsOnly) broadcast({ kind: 'changed', frontendOrigins: origins });
    schedulePush();
  });

  // A change this process made is served by every worker before the request that made it is answered.
  let lastSeq = 0;
  const syncing = new Map<number, { left: Set<number>; done: () => void }>();
  const catchUp = async (): Promise<void> => {
    if (!wanted.size || stopping) return;
    // The change is committed and its served-feed message on its way: once this process has applied it (or, should
    // it not come in time, read the state again), push in turn with the pushes already under way, so that one which
    // holds the state before this change cannot be sent after it.
    if (!(await cache.caughtUp(feedPositionHere(), CATCH_UP_TIMEOUT_MS / 2))) cache.invalidate();
    pushing = pushing.then(async () => {
      for (const environment of wanted) await sendState(environment, broadcast, false);
    });
    await pushing;
    const seq = ++lastSeq;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) =>
      worker?.isConnected(),
    ) as Worker[];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), CATCH_UP_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        syncing.delete(seq);
        resolve();
      };
      syncing.set(seq, { left: new Set(workers.map((worker) => worker.id)), done: finish });
      for (const worker of workers) worker.send({ kind: 'sync', seq } satisfies ToWorker);
    });
  };
  const synced = (worker: Worker, seq: number | undefined) => {
    for (const [each, wait] of syncing) {
      if (seq !== undefined && each !== seq) continue;
      wait.left.delete(worker.id);
      if (wait.left.size === 0) wait.done();
    }
  };

  // Each scrape asks every worker for its counters; those of a worker that exited stay in `retired`, so the
  // server's totals never go back when a worker is replaced (only what it counted since the last scrape is lost).
  let metricsId = 0;
  const answering = new Map<string, (metrics: ProcessMetrics | undefined) => void>();
  const lastCounters = new Map<number, Counters>();
  const retired: Counters = {};
  const metrics = async (): Promise<ProcessMetrics[]> => {
    const id = ++metricsId;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) =>
      worker?.isConnected(),
    ) as Worker[];
    const answers = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<ProcessMetrics>((resolve) => {
            const key = `${id}:${worker.id}`;
            const timer = setTimeout(() => answered(undefined), METRICS_TIMEOUT_MS);
            const answered = (metrics: ProcessMetrics | undefined) => {
              clearTimeout(timer);
              answering.delete(key);
              if (metrics) lastCounters.set(worker.id, metrics.counters);
              resolve(
                metrics ?? {
                  process: `worker-${worker.id}`,
                  counters: lastCounters.get(worker.id) ?? {},
                  gauges: {},
                },
              );
            };
            answering.set(key, answered);
            worker.send({ kind: 'metrics', id } satisfies ToWorker);
          }),
      ),
    );
    return [...answers, { process: 'exited workers', counters: retired, gauges: {} }];
  };
  const retire = (worker: Worker) => {
    for (const [key, answered] of answering) if (key.endsWith(`:${worker.id}`)) answered(undefined);
    addCounters(retired, lastCounters.get(worker.id) ?? {});
    lastCounters.delete(worker.id);
  };

  const listen = (worker: Worker) => {
    const reply = (message: ToWorker) => worker.isConnected() && worker.send(message);
    worker.on('message', (message: ToPrimary) => {
      if (message.kind === 'hello') {
        reply({ kind: 'relay-key', key: deps.relayKey });
        reply({ kind: 'changed', frontendOrigins: origins });
        reply({ kind: 'experiments', running: deps.parts.experiments.running() });
      } else if (message.kind === 'exposures') deps.parts.experiments.accept(message.exposures);
      else if (message.kind === 'synced') synced(worker, message.seq);
      else if (message.kind === 'metrics') answering.get(`${message.id}:${worker.id}`)?.(message.metrics);
      else if (message.kind === 'want') {
        wanted.add(message.environment);
        void sendState(message.environment, reply);
      } else if (message.kind === 'validate')
        void lookUpTokens(message.secrets).then(
          (tokens) => reply({ kind: 'tokens', id: message.id, tokens }),
          () => reply({ kind: 'tokens', id: message.id, tokens: [] }),
        );
    });
  };

  const fork = (): Worker => {
    const worker = cluster.fork({ [PRIMARY_URL_VARIABLE]: deps.primaryUrl });
    listen(worker);
    return worker;
  };

  cluster.setupPrimary({ serialization: 'advanced' });
  const started = Array.from({ length: deps.count }, fork);
  const port = await new Promise<number>((resolve, reject) => {
    let listening = 0;
    const failed = (worker: Worker, code: number | null) =>
      reject(new Error(`worker ${worker.process.pid} exited with ${code} before it listened`));
    for (const worker of started) {
      worker.once('exit', (code) => failed(worker, code));
      worker.once('listening', (address) => {
        worker.removeAllListeners('exit');
        if (++listening === started.length) resolve(address.port);
      });
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    synced(worker, undefined);
    retire(worker);
    if (stopping) return;
    deps.say(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });

  return {
    port,
    catchUp,
    metrics,
    async stop() {
      stopping = true;
      unsubscribe();
      stopExperiments();
      clearTimeout(pushTimer);
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const force = setTimeout(() => worker.kill('SIGKILL'), STOP_TIMEOUT_MS);
              worker.once('exit', () => (clearTimeout(force), resolve()));
              if (worker.isConnected()) worker.send({ kind: 'stop' } satisfies ToWorker);
              else worker.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
