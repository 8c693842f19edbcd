import type { Db } from '../../../db/db.ts';
import type { Actor, LifecycleStage, LifecycleStageName } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { createFlagLifecycleStore } from './flag-lifecycle-store.ts';
import { requireFlag } from './flag-lookup.ts';

export type Completion = { status: 'kept' | 'discarded'; statusValue?: string | null };

/** Where flags stand in their life: initial, pre-live, live, completed, archived. */
export function createLifecycleService(db: Db) {
  const store = createFlagLifecycleStore(db);
  return {
    async stages(project: string, flagName: string): Promise<LifecycleStage[]> {
      return store.stages(await requireFlag(db, project, flagName));
    },
    counts(): Promise<Record<LifecycleStageName, number>> {
      return store.countByStage();
    },
    /** Marks the flag completed: kept (the code path stays, optionally naming the variant kept) or discarded. */
    async complete(project: string, flagName: string, completion: Completion, actor: Actor): Promise<void> {
      await requireFlag(db, project, flagName);
      await store.complete(flagName, completion.status, completion.statusValue ?? null);
      await recordFlagEvent(db, actor, {
        type: 'feature-completed',
        project,
        flagName,
        data: { status: completion.status, statusValue: completion.statusValue ?? null },
      });
    },
    async uncomplete(project: string, flagName: string, actor: Actor): Promise<void> {
      await requireFlag(db, project, flagName);
      if (await store.uncomplete(flagName)) {
        await recordFlagEvent(db, actor, { type: 'feature-uncompleted', project, flagName });
      }
    },
  };
}
