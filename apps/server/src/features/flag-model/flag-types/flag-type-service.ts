import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { toLifetime, type FlagType } from './flag-type.ts';
import { createFlagTypeStore } from './flag-type-store.ts';

export function createFlagTypeService(db: Db) {
  const store = createFlagTypeStore(db);
  const events = createEventStore(db);

  return {
    list: () => store.list(),
    /** Sets how long flags of the type are expected to live; 0 or null means they never go stale. */
    async updateLifetime(id: string, days: number | null, actor: Actor): Promise<FlagType> {
      const before = await store.get(id);
      if (!before) throw new NotFoundError(`Could not find a flag type with id "${id}"`);
      const after = { ...before, lifetimeDays: toLifetime(days) };
      if (after.lifetimeDays === before.lifetimeDays) return before; // nothing changes, nothing to record
      await store.setLifetime(id, after.lifetimeDays);
      await events.append({
        type: 'feature-type-updated',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: after,
        preData: before,
      });
      return after;
    },
  };
}
