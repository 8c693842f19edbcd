import type { Db } from '../../../db/db.ts';
import type { PreparedBody } from '../../../http/prepared-body.ts';
import { EVENTS_CHANNEL } from '../events/event-store.ts';

/** Last-seen times change without events (metrics); a cached list is recomputed at least this often. */
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 200;

type Entry = { generation: number; expiresAt: number; body: Promise<PreparedBody> };

/**
 * Serialized project flag lists, shared by every request with the same project, filters and user until
 * something changes. A list of 1,000 flags costs milliseconds to build, and the admin UI and scripts poll it;
 * served from here it costs a lookup. Any event appended in any process (NOTIFY on the events channel)
 * invalidates everything, and so does every write through the flag routes, before its response is sent, so a
 * client always reads its own writes.
 */
export function createFlagListCache(db: Db) {
  let generation = 0;
  const entries = new Map<string, Entry>();
  let unlisten: (() => Promise<void>) | undefined;

  const invalidate = () => {
    generation++;
    entries.clear();
  };

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(EVENTS_CHANNEL, invalidate);
    },
    async stop(): Promise<void> {
      await unlisten?.();
    },
    invalidate,
    /** The cached body for key, or the one compute builds (shared by concurrent requests for the same key). */
    get(key: string, compute: () => Promise<PreparedBody>): Promise<PreparedBody> {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.generation === generation && cached.expiresAt > now) return cached.body;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry: Entry = { generation, expiresAt: now + MAX_AGE_MS, body: compute() };
      entries.set(key, entry);
      // A failed build is not kept; a build that raced with a change is dropped by the generation check above.
      entry.body.catch(() => entries.get(key) === entry && entries.delete(key));
      return entry.body;
    },
  };
}

export type FlagListCache = ReturnType<typeof createFlagListCache>;
