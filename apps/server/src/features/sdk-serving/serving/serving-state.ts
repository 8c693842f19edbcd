import type { CompiledSnapshot } from '@switchyard/evaluation';
import type { EnvironmentState } from '../client-api/client-feature.ts';
import { selectForQuery, type ClientSelection } from '../client-api/client-payload.ts';
import type { ClientQuery } from '../client-api/client-query.ts';
import { compileState, preparePayload, type CachedPayload } from './serving-payload.ts';

const MAX_PAYLOADS = 1_000;

type Entry = {
  state: EnvironmentState;
  compiled?: CompiledSnapshot;
  payloads: Map<string, CachedPayload>;
  selections: Map<string, ClientSelection>;
};

export type ServingState = ReturnType<typeof createServingState>;

/**
 * Flags served from memory: one environment state per key (an edge keys them by token scope), with what is derived
 * from it (the compiled snapshot, each query's prepared payload and selection) built once per change. It has no idea where states
 * come from: an upstream, a snapshot file or a database are all the caller's business.
 */
export function createServingState() {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(key: string) => void>();

  return {
    /** Replaces the state under `key` and tells every listener. */
    set(key: string, state: EnvironmentState): void {
      entries.set(key, { state, payloads: new Map(), selections: new Map() });
      for (const listener of listeners) listener(key);
    },
    state(key: string): EnvironmentState | undefined {
      return entries.get(key)?.state;
    },
    keys(): string[] {
      return [...entries.keys()];
    },
    compiled(key: string): CompiledSnapshot | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entry.compiled ??= compileState(entry.state);
      return entry.compiled;
    },
    payload(key: string, query: ClientQuery): CachedPayload | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const queryKey = JSON.stringify(query);
      let payload = entry.payloads.get(queryKey);
      if (!payload) {
        if (entry.payloads.size >= MAX_PAYLOADS) entry.payloads.clear();
        payload = preparePayload(entry.state, query);
        entry.payloads.set(queryKey, payload);
      }
      return payload;
    },
    /** What a delta or streaming query sees (`selectForQuery`), selected once per change, not once per poll. */
    selection(key: string, query: ClientQuery): ClientSelection | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const queryKey = JSON.stringify(query);
      let selection = entry.selections.get(queryKey);
      if (!selection) {
        if (entry.selections.size >= MAX_PAYLOADS) entry.selections.clear();
        selection = selectForQuery(entry.state, query);
        entry.selections.set(queryKey, selection);
      }
      return selection;
    },
    /** Calls listener with the key after every change; returns an unsubscribe. */
    onChange(listener: (key: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
