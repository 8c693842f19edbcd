import { applyDelta } from '@switchyard/evaluation';
import type {
  ClientFeature,
  ClientSegment,
  EnvironmentState,
} from '../features/sdk-serving/client-api/client-feature.ts';
import type { ServingState } from '../features/sdk-serving/serving/serving-state.ts';
import { covers, type TokenScope } from '../features/sdk-serving/serving/token-scope.ts';
import {
  UpstreamRefused,
  UpstreamUnavailable,
  type EdgeToken,
  type StreamMessage,
  type Upstream,
} from './edge-upstream.ts';

/** The serving-state key of a client token's scope: one sync per environment and set of projects. */
export const scopeKey = (scope: TokenScope): string =>
  `${scope.environment}|${[...new Set(scope.projects)].sort().join(',')}`;

export const scopeOfKey = (key: string): TokenScope => {
  const [environment, projects] = key.split('|') as [string, string];
  return { type: 'client', environment, projects: projects.split(',') };
};

type Unit = {
  key: string;
  token: string;
  etag?: string;
  /** Resolves once the first state is in memory (from the snapshot or the upstream). */
  ready: Promise<void>;
  markReady: () => void;
  abort: AbortController;
  /** Streaming answered 404 or 405: the upstream only serves polls. */
  pollOnly: boolean;
};

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Keeps one environment state per client-token scope current: streaming from the upstream (Switchyard's
 * server-sent events), and polling `/api/client/features` with If-None-Match whenever the stream is down. While the
 * upstream is unreachable the last state stays served.
 */
export function createEdgeSync(deps: {
  upstream: Upstream;
  serving: ServingState;
  pollIntervalMs: number;
  log: (level: 'info' | 'warn', message: string) => void;
}) {
  const units = new Map<string, Unit>();
  let stopped = false;

  const setState = (unit: Unit, features: ClientFeature[], segments: ClientSegment[], revisionId: number) => {
    const state: EnvironmentState = {
      environment: scopeOfKey(unit.key).environment,
      revisionId,
      features,
      tags: new Map(),
      segments,
    };
    deps.serving.set(unit.key, state);
    unit.markReady();
  };

  const poll = async (unit: Unit) => {
    const answer = await deps.upstream.features(unit.token, unit.etag);
    if (answer.status === 'unchanged') return;
    unit.etag = answer.etag;
    const previous = deps.serving.state(unit.key)?.revisionId ?? 0;
    setState(unit, answer.features, answer.segments, answer.revisionId ?? previous + 1);
  };

  const onMessage = (unit: Unit) => (message: StreamMessage) => {
    const current = deps.serving.state(unit.key);
    const next = applyDelta(
      current && ({ features: current.features, segments: current.segments } as never),
      message.events as never,
    );
    const revisionId = message.id ?? Math.max(0, ...message.events.map((event) => event.eventId));
    // The stream's revisions are the upstream's; a later poll compares ETags, so forget the last one.
    unit.etag = undefined;
    setState(
      unit,
      next.features as unknown as ClientFeature[],
      next.segments as unknown as ClientSegment[],
      revisionId,
    );
  };

  const run = async (unit: Unit) => {
    let failures = 0;
    while (!stopped) {
      if (!unit.pollOnly) {
        try {
          await deps.upstream.stream(unit.token, onMessage(unit), unit.abort.signal);
          failures = 0;
          if (stopped) return;
          // The upstream ended the stream (it restarted, or a proxy timed out): connect again, not in a tight loop.
          await wait(200, unit.abort.signal);
          continue;
        } catch (error) {
          if (error instanceof UpstreamRefused && (error.status === 404 || error.status === 405)) {
            deps.log(
              'info',
              `upstream does not stream (${error.status}); polling every ${deps.pollIntervalMs} ms`,
            );
            unit.pollOnly = true;
          } else if (error instanceof UpstreamRefused) {
            deps.log('warn', `upstream refused the token of ${unit.key}: ${error.message}`);
          } else if (!stopped) {
            if (failures === 0)
              deps.log('warn', `streaming from upstream failed, polling: ${(error as Error).message}`);
          }
        }
      }
      try {
        await poll(unit);
        failures = 0;
      } catch (error) {
        failures++;
        if (failures === 1)
          deps.log('warn', `polling upstream failed, serving the last state: ${(error as Error).message}`);
      }
      await wait(unit.pollOnly || failures > 0 ? deps.pollIntervalMs : 1_000, unit.abort.signal);
    }
  };

  const start = (key: string, token: string): Unit => {
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const unit: Unit = { key, token, ready, markReady, abort: new AbortController(), pollOnly: false };
    if (deps.serving.state(key)) markReady();
    units.set(key, unit);
    void run(unit);
    return unit;
  };

  return {
    /** Starts syncing a client token's scope unless a sync of it already runs. */
    follow(token: EdgeToken): void {
      if (token.type !== 'client' || stopped) return;
      const key = scopeKey(token);
      if (!units.has(key)) start(key, token.token);
    },
    /**
     * The key of the state a token is served from, once it is in memory: its own scope's or a wider one's. A
     * frontend token needs a client token whose scope covers it (as with Unleash Edge). Undefined when there is none
     * or the first state did not arrive within `timeoutMs`.
     */
    async keyFor(token: EdgeToken, timeoutMs = 10_000): Promise<string | undefined> {
      const own = scopeKey(token);
      const candidates = [own, ...units.keys()].filter((key) => covers(scopeOfKey(key), token));
      const loaded = candidates.find((key) => deps.serving.state(key));
      if (loaded) return loaded;
      if (token.type === 'client') this.follow(token);
      const unit = candidates.map((key) => units.get(key)).find(Boolean) ?? units.get(own);
      if (!unit) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
      );
      const outcome = await Promise.race([unit.ready, timedOut]);
      clearTimeout(timer);
      return outcome === 'timeout' ? undefined : unit.key;
    },
    /** Any client token the edge syncs with in an environment: to forward that environment's metrics. */
    clientTokenFor(environment: string): string | undefined {
      for (const unit of units.values())
        if (scopeOfKey(unit.key).environment === environment) return unit.token;
      return undefined;
    },
    stop(): void {
      stopped = true;
      for (const unit of units.values()) unit.abort.abort();
    },
  };
}

export type EdgeSync = ReturnType<typeof createEdgeSync>;
export { UpstreamUnavailable };
