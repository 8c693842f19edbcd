import type { Db } from '../../../db/db.ts';
import { createEventStore } from '../events/event-store.ts';
import type { Actor } from './flag.ts';

export type FlagEvent = {
  type: string;
  project: string;
  flagName?: string;
  environment?: string;
  data?: unknown;
  preData?: unknown;
};

/** Appends an event about a flag; call it in the transaction of the change, so the log never misses one. */
export async function recordFlagEvent(db: Db, actor: Actor, event: FlagEvent): Promise<void> {
  await createEventStore(db).append({
    type: event.type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: event.project,
    flagName: event.flagName ?? null,
    environment: event.environment ?? null,
    data: event.data,
    preData: event.preData,
  });
}
