import type { CompiledSnapshot } from '@switchyard/evaluation';
import type { Db } from '../../../db/db.ts';
import { EVENTS_CHANNEL } from '../../flag-model/events/event-store.ts';
import type { CachedPayload } from '../serving/serving-payload.ts';
import { createServingState, type ServingState } from '../serving/serving-state.ts';
import type { EnvironmentState } from './client-feature.ts';
import type { ClientSelection } from './client-payload.ts';
import type { ClientQuery } from './client-query.ts';
import { loadEnvironmentState } from './environment-state-store.ts';

export type { CachedPayload } from '../serving/serving-payload.ts';

type Load = { generation: number; state: Promise<EnvironmentState> };

/** A safety net under NOTIFY: a missed notification is noticed within this time. */
const REVISION_CHECK_MS = 5_000;

/**
 * What SDKs are served, built once per change: each environment's state is read once into a serving state
 * (features/sdk-serving/serving, the edge's and the workers' too), which compiles it for the Frontend API and serialises each
 * query's payload once. Any event appended in any process (NOTIFY on the events channel) starts a new generation:
 * the next request reads the database again.
 */
export function createClientStateCache(db: Db) {
  let generation = 0;
  let lastRevision = -1;
  const serving = createServingState();
  const loads = new Map<string, Load>();
  /** The generation of the load whose state `serving` holds, per environment: an older load never overwrites it. */
  const held = new Map<string, number>();
  const changeListeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const invalidate = () => {
    generation++;
    for (const listener of changeListeners) listener();
  };

  const load = (environment: string): Promise<EnvironmentState> => {
    const cached = loads.get(environment);
    if (cached && cached.generation === generation) return cached.state;
    const loading = generation;
    const state = loadEnvironmentState(db, environment).then((loaded) => {
      lastRevision = Math.max(lastRevision, loaded.revisionId);
      if ((held.get(environment) ?? -1) <= loading) {
        held.set(environment, loading);
        serving.set(environment, loaded);
      }
      return loaded;
    });
    state.catch(() => loads.delete(environment));
    loads.set(environment, { generation: loading, state });
    return state;
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
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
}

export type ClientStateCache = ReturnType<typeof createClientStateCache>;
