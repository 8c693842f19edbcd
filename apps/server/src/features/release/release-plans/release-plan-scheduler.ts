import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { maintenanceOn } from '../../flag-model/events/write-gate.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { nextMilestone } from './release-plan.ts';
import { createReleasePlanService } from './release-plan-service.ts';
import { createReleasePlanStore } from './release-plan-store.ts';

/** Who progressions and safeguards are recorded as. */
export const SWITCHYARD: Actor = { name: 'Switchyard', userId: null };

/**
 * Progresses one plan whose active milestone's transition is due at `now`, if any, and says whether it found one.
 * The plan row is claimed FOR UPDATE SKIP LOCKED in the transaction that starts the next milestone, and the milestone
 * is marked progressed with a conditional update, so with several processes on one database each transition happens
 * once. A milestone that cannot start (a segment deleted since, say) pauses the plan with the reason instead of
 * failing on every poll.
 */
export async function progressNextDue(db: Db, now: Date): Promise<boolean> {
  // Most polls find nothing due: they end after one plain read, without a transaction (decision record 0055).
  if (!(await createReleasePlanStore(db).anyDue(now))) return false;
  // Maintenance mode pauses progressions too (the write gate would refuse them): they go on once it is off.
  if (await maintenanceOn(db)) return false;
  return db.transaction(async (tx) => {
    const store = createReleasePlanStore(tx);
    const claimed = await store.claimDue(now);
    if (!claimed) return false;
    if (!(await store.markProgressed(claimed.milestoneId, now))) return true;
    const plan = (await store.get(claimed.planId))!;
    const from = plan.milestones.find((m) => m.id === claimed.milestoneId)!;
    const to = nextMilestone(plan, from)!;
    await tx.query('SAVEPOINT progression');
    try {
      await createReleasePlanService(tx, () => now).startInPlan(plan.id, to.id, SWITCHYARD);
      await tx.query('RELEASE SAVEPOINT progression');
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT progression');
      const reason = `paused: milestone "${to.name}" could not start (${error instanceof Error ? error.message : String(error)})`;
      if (await store.pause(plan.id, now, reason))
        await recordFlagEvent(tx, SWITCHYARD, {
          type: 'release-plan-progressions-paused',
          project: plan.project,
          flagName: plan.flagName,
          environment: plan.environment,
          data: { id: plan.id, reason },
        });
    }
    return true;
  });
}

export type PlanSchedulerOptions = {
  intervalMs: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
};

/** Polls for due progressions every `intervalMs`; set up once when the app is built. */
export function createReleasePlanScheduler(db: Db, options: PlanSchedulerOptions) {
  const now = options.now ?? (() => new Date());

  async function tick(stopping = () => false): Promise<void> {
    try {
      while (!stopping() && (await progressNextDue(db, now()))) {
        /* keep going while plans are due */
      }
    } catch (error) {
      options.onError?.(error);
    }
  }

  return {
    /** Progresses everything due now; tests call it with a mocked clock instead of waiting. */
    tick: () => tick(),
    ...createPeriodicTask(tick, { intervalMs: options.intervalMs }),
  };
}
