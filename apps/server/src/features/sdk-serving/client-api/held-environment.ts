import type { Db } from '../../../db/db.ts';
import { toEntries, toRecordedState, type HistoryEntries } from '../../flag-model/history/history.ts';
import type { FeedMessage } from '../../flag-model/history/served-feed.ts';
import type { EnvironmentState } from './client-feature.ts';
import { readEnvironment } from './environment-state-store.ts';

/**
 * One environment as a server process holds it: the entries served history records (decision record 0041), the
 * served-feed position they include, and the state SDKs are served, derived from them. The feed's messages carry
 * changed entries, so a process moves on from them without reading the database (decision record 0063).
 */
export type HeldEnvironment = {
  environment: string;
  position: number;
  revisionId: number;
  entries: HistoryEntries;
  served: EnvironmentState;
};

const hold = (environment: string, position: number, revisionId: number, entries: HistoryEntries) => ({
  environment,
  position,
  revisionId,
  entries,
  served: toRecordedState(environment, revisionId, entries).served,
});

/** Reads an environment whole, in one statement, with the feed position the read includes. */
export async function loadHeldEnvironment(db: Db, environment: string): Promise<HeldEnvironment> {
  const { state, position, order } = await readEnvironment(db, environment, {
    withDisabledStrategies: true,
    withOrder: true,
  });
  return hold(environment, position, state.revisionId, toEntries(state, order, []));
}

/**
 * The environment once `message` is applied: itself when it already includes the message, undefined when it must be
 * read again (a message missed, one that says to reload, or the environment gone).
 */
export function applyFeedMessage(held: HeldEnvironment, message: FeedMessage): HeldEnvironment | undefined {
  if (message.position <= held.position) return held;
  if (message.position !== held.position + 1 || message.reload) return undefined;
  if (message.environments && !message.environments.includes(held.environment)) return undefined;
  const revisionId = Math.max(held.revisionId, message.revisionId);
  const changes = message.changes[held.environment] ?? [];
  const entries = new Map(held.entries);
  let changed = false;
  for (const [key, value] of changes) {
    // Context fields are recorded for the playground; SDKs are not served them.
    if (key.startsWith('context:')) continue;
    changed = true;
    if (value === null) entries.delete(key);
    else entries.set(key, value);
  }
  if (!changed && revisionId === held.revisionId) return { ...held, position: message.position };
  if (!changed)
    return { ...held, position: message.position, revisionId, served: { ...held.served, revisionId } };
  return hold(held.environment, message.position, revisionId, entries);
}
