import type { CompiledSnapshot } from '@switchyard/evaluation';
import type { Db } from '../../../db/db.ts';
import { decodeFeedMessage, FEED_CHANNEL, type FeedMessage } from '../../flag-model/history/served-feed.ts';
import type { CachedPayload } from '../serving/serving-payload.ts';
import { createServingState, type ServingState } from '../serving/serving-state.ts';
import type { EnvironmentState } from './client-feature.ts';
import type { ClientSelection } from './client-payload.ts';
import type { ClientQuery } from './client-query.ts';
import { applyFeedMessage, loadHeldEnvironment, type HeldEnvironment } from './held-environment.ts';

export type { CachedPayload } from '../serving/serving-payload.ts';

/** A safety net under NOTIFY: a missed message is noticed within two of these. */
const POSITION_CHECK_MS = 5_000;
/** The messages kept to bring a read that was under way when they came up to date. */
const LOG_SIZE = 256;

/** What a change was: only flags' entries (no token, project, role or experiment can have changed), or anything. */
export type CacheChange = { flagsOnly: boolean };

type Held = HeldEnvironment & { ready: Promise<EnvironmentState> };

/**
 * What SDKs are served, kept up to date from the served feed (decision record 0063): each environment is read once,
 * whole, into a serving state (features/sdk-serving/serving, the edge's and the workers' too), which compiles it for the
 * Frontend API and serialises each query's payload once. Each message on the feed (one per transaction that appended
 * events, in any process) carries what changed, so the process applies it without reading the database; a message
 * missed, too large to carry the change, or not understood makes the environment be read again.
 */
export function createClientStateCache(db: Db) {
  let generation = 0;
  /** Grows on `invalidate()`: a read started before it may predate a direct change, and is not kept. */
  let epoch = 0;
  const serving = createServingState();
  const held = new Map<string, Held>();
  const loading = new Map<string, Promise<EnvironmentState>>();
  const log: FeedMessage[] = [];
  /** The greatest feed position handled: every message up to it has been applied, or its environments dropped. */
  let handled = 0;
  let seenInDatabase = 0;
  const waiters = new Set<{ position: number; done: () => void }>();
  const changeListeners = new Set<(change: CacheChange) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const changed = (change: CacheChange) => {
    generation++;
    for (const listener of changeListeners) listener(change);
  };
  const handledUpTo = (position: number) => {
    handled = Math.max(handled, position);
    for (const waiter of waiters) if (waiter.position <= handled) waiter.done();
  };
  const keep = (next: HeldEnvironment) => {
    held.set(next.environment, { ...next, ready: Promise.resolve(next.served) });
    serving.set(next.environment, next.served);
  };

  const invalidate = () => {
    epoch++;
    held.clear();
    changed({ flagsOnly: false });
  };

  const load = (environment: string): Promise<EnvironmentState> => {
    const current = held.get(environment);
    if (current) return current.ready;
    const inFlight = loading.get(environment);
    if (inFlight) return inFlight;
    const startedIn = epoch;
    const settled = () => {
      if (loading.get(environment) === state) loading.delete(environment);
    };
    const state: Promise<EnvironmentState> = loadHeldEnvironment(db, environment).then((loaded) => {
      settled();
      if (startedIn !== epoch) return load(environment);
      // Messages that came while the read was under way, and that it does not include.
      let next: HeldEnvironment | undefined = loaded;
      for (const message of log)
        if (next && message.position > next.position) next = applyFeedMessage(next, message);
      // A gap in what came: the next read includes whatever was missed, since later messages are committed.
      if (!next) return load(environment);
      keep(next);
      handledUpTo(loaded.position);
      return next.served;
    });
    state.catch(settled);
    loading.set(environment, state);
    return state;
  };

  const onMessage = (payload: string) => {
    const message = decodeFeedMessage(payload);
    if (!message) return invalidate();
    log.push(message);
    if (log.length > LOG_SIZE) log.shift();
    for (const [environment, each] of held) {
      const next = applyFeedMessage(each, message);
      if (next === each) continue;
      // Only the position moved (a transaction that changed nothing served here): nothing to serve anew.
      if (next?.served === each.served) held.set(environment, { ...next, ready: each.ready });
      else if (next) keep(next);
      // Read again on the next request for it; until then the last state is what the serving state has.
      else held.delete(environment);
    }
    changed({ flagsOnly: message.flagsOnly });
    handledUpTo(message.position);
  };

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(FEED_CHANNEL, onMessage);
      timer = setInterval(() => {
        db.query<{ position: number }>('SELECT position FROM served_feed')
          .then(([row]) => {
            // What the database had at the last check and still has not come: a message was missed.
            if (held.size && seenInDatabase > handled) invalidate();
            seenInDatabase = row?.position ?? 0;
          })
          .catch(() => undefined);
      }, POSITION_CHECK_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await unlisten?.();
      changeListeners.clear();
      for (const waiter of waiters) waiter.done();
    },
    /** Forces the next request to re-read the database, e.g. after a direct change in a test. */
    invalidate,
    /** Grows by one on every change: what was derived under an older generation is stale. */
    get generation(): number {
      return generation;
    },
    /**
     * Resolves once the feed message at `position` has been handled here (true), or after `timeoutMs` (false): then
     * what this process serves includes every transaction up to it, or is read again on the next request.
     */
    caughtUp(position: number, timeoutMs: number): Promise<boolean> {
      if (position <= handled) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          position,
          done: () => {
            clearTimeout(timeout);
            waiters.delete(waiter);
            resolve(position <= handled);
          },
        };
        const timeout = setTimeout(waiter.done, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** The states read so far, keyed by environment: what the in-process SDK handler answers from. */
    serving: serving as ServingState,
    state(environment: string): Promise<EnvironmentState> {
      return load(environment);
    },
    async compiled(environment: string): Promise<CompiledSnapshot> {
      await load(environment);
      return serving.compiled(environment)!;
    },
    async payload(query: ClientQuery): Promise<CachedPayload> {
      await load(query.environment);
      return serving.payload(query.environment, query)!;
    },
    /** What a delta or streaming query sees now (client-payload.ts's selectForQuery), selected once per change. */
    async selection(query: ClientQuery): Promise<ClientSelection> {
      await load(query.environment);
      return serving.selection(query.environment, query)!;
    },
    /** Calls listener after every change; returns an unsubscribe. */
    onChange(listener: (change: CacheChange) => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
}

export type ClientStateCache = ReturnType<typeof createClientStateCache>;
