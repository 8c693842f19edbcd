import type { CompiledSnapshot } from '@switchyard/evaluation';
import type { Db } from '../../db/db.ts';
import { EVENTS_CHANNEL } from '../events/event-store.ts';
import { compileState, preparePayload, type CachedPayload } from '../serving/serving-payload.ts';
import type { EnvironmentState } from './client-feature.ts';
import { queryHash, type ClientQuery } from './client-query.ts';
import { loadEnvironmentState } from './environment-state-store.ts';

export type { CachedPayload } from '../serving/serving-payload.ts';

type StateEntry = { generation: number; state: Promise<EnvironmentState>; compiled?: CompiledSnapshot };

const MAX_PAYLOADS = 1_000;
/** A safety net under NOTIFY: a missed notification is noticed within this time. */
const REVISION_CHECK_MS = 5_000;

/**
 * What SDKs are served, built once per change: each environment's state is read once, each query's payload is
 * serialised and gzipped once, and the Frontend API evaluates from a compiled snapshot. Any event appended in
 * any process (NOTIFY on the events channel) invalidates everything.
 */
export function createClientStateCache(db: Db) {
  let generation = 0;
  let lastRevision = -1;
  const states = new Map<string, StateEntry>();
  const payloads = new Map<string, Promise<CachedPayload>>();
  const changeListeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const invalidate = () => {
    generation++;
    payloads.clear();
    for (const listener of changeListeners) listener();
  };

  const stateEntry = (environment: string): StateEntry => {
    const cached = states.get(environment);
    if (cached && cached.generation === generation) return cached;
    const entry: StateEntry = { generation, state: loadEnvironmentState(db, environment) };
    entry.state.then(
      (state) => (lastRevision = Math.max(lastRevision, state.revisionId)),
      () => states.delete(environment),
    );
    states.set(environment, entry);
    return entry;
  };

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(EVENTS_CHANNEL, invalidate);
      timer = setInterval(() => {
        db.query<{ id: number | null }>('SELECT max(id) AS id FROM events')
          .then(([row]) => {
            if (lastRevision >= 0 && (row?.id ?? 0) !== lastRevision) invalidate();
          })
          .catch(() => undefined);
      }, REVISION_CHECK_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await unlisten?.();
      changeListeners.clear();
    },
    /** Forces the next request to re-read the database, e.g. after a direct change in a test. */
    invalidate,
    /** Grows by one on every change: what was derived under an older generation is stale. */
    get generation(): number {
      return generation;
    },
    state(environment: string): Promise<EnvironmentState> {
      return stateEntry(environment).state;
    },
    async compiled(environment: string): Promise<CompiledSnapshot> {
      const entry = stateEntry(environment);
      const state = await entry.state;
      entry.compiled ??= compileState(state);
      return entry.compiled;
    },
    payload(query: ClientQuery): Promise<CachedPayload> {
      const hash = queryHash(query);
      const key = `${generation}|${hash}|${JSON.stringify(query)}`;
      let cached = payloads.get(key);
      if (!cached) {
        if (payloads.size >= MAX_PAYLOADS) payloads.clear();
        cached = this.state(query.environment).then((state) => preparePayload(state, query));
        cached.catch(() => payloads.delete(key));
        payloads.set(key, cached);
      }
      return cached;
    },
    /** Calls listener after every change; returns an unsubscribe. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
}

export type ClientStateCache = ReturnType<typeof createClientStateCache>;
