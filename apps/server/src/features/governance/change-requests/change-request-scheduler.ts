import { allows } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import { createAccessReadModel } from '../access/access-read-model.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { maintenanceOn } from '../../flag-model/events/write-gate.ts';
import { conflictsOf } from './change-request-apply.ts';
import { notifyAbout, recordChangeRequestEvent } from './change-request-events.ts';
import { ApprovalOutdated, applyRequest, requireNewApproval } from './change-request-review-service.ts';
import { createChangeRequestStore } from './change-request-store.ts';
import type { ChangeRequest } from './change-request.ts';
import { type ChangeRequestMail, type ChangeRequestMailer, noMail } from './change-request-mail.ts';

export type SchedulerOptions = {
  intervalMs: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** Emails the author when a scheduled request fails or is suspended. */
  mail?: ChangeRequestMailer;
};

/** Who tells of what the scheduler did. */
const SWITCHYARD: Actor = { name: 'Switchyard', userId: null };

/** Who a scheduled request applies as: whoever scheduled it. */
async function scheduledBy(tx: Db, id: number): Promise<Actor> {
  const [row] = await tx.query<{ user_id: number | null; name: string | null }>(
    `SELECT s.created_by_user_id AS user_id, COALESCE(u.username, u.name, u.email) AS name
       FROM change_request_schedules s LEFT JOIN users u ON u.id = s.created_by_user_id
      WHERE s.change_request_id = $1`,
    [id],
  );
  return { userId: row?.user_id ?? null, name: row?.name ?? 'scheduler' };
}

/**
 * A person who scheduled a request must still hold APPLY_CHANGE_REQUEST there when it comes due: rights taken away in
 * the meantime (a role removed, the account deleted) suspend it instead of applying it with rights nobody holds.
 */
async function lostRightToApply(
  tx: Db,
  actor: Actor,
  project: string,
  environment: string,
): Promise<string | undefined> {
  // Scheduled with an API token: its rights were checked when it scheduled (a token's do not change).
  if (actor.userId === null) return undefined;
  const access = await createAccessReadModel(tx).accessOfUser(actor.userId);
  if (allows(access, 'APPLY_CHANGE_REQUEST', { projects: [project], environments: [environment] }))
    return undefined;
  return `${actor.name} who scheduled it may no longer apply change requests in environment "${environment}"`;
}

/** Records that a scheduled request was suspended and tells its author and scheduler why. */
async function toldSuspended(
  tx: Db,
  actor: Actor,
  request: ChangeRequest,
  reason: string,
  outbox: ChangeRequestMail[],
): Promise<void> {
  await recordChangeRequestEvent(tx, actor, 'change-request-schedule-suspended', request, { reason });
  await notifyAbout(tx, SWITCHYARD, request, [request.createdBy.id, actor.userId], `suspended (${reason})`);
  outbox.push(authorMail(request, 'suspended', reason));
}

/** The email that tells a scheduled request's author it did not apply. */
const authorMail = (
  request: ChangeRequest,
  outcome: 'failed' | 'suspended',
  reason: string,
): ChangeRequestMail => ({
  kind: 'schedule-problem',
  request,
  outcome,
  reason,
  userIds: request.createdBy.id === null ? [] : [request.createdBy.id],
});

/**
 * Applies one due scheduled request, if any, and says whether it found one. The row is claimed with FOR UPDATE SKIP
 * LOCKED inside the transaction that applies it, so with several processes on one database each request is applied
 * once; a crash before commit leaves it pending for the next poll.
 */
export async function applyNextDue(db: Db, now: Date, mail: ChangeRequestMailer = noMail): Promise<boolean> {
  // Most polls find nothing due: they end after one plain read, without a transaction (decision record 0055).
  if (!(await createChangeRequestStore(db).anyDue(now))) return false;
  // Maintenance mode pauses scheduled changes too (the write gate would refuse them): they apply once it is off.
  if (await maintenanceOn(db)) return false;
  const outbox: ChangeRequestMail[] = [];
  const found = await db.transaction(async (tx) => {
    const store = createChangeRequestStore(tx);
    const id = await store.claimDue(now);
    if (id === undefined) return false;
    const request = (await store.get(id))!;
    const actor = await scheduledBy(tx, id);
    if (request.state !== 'Scheduled') {
      await store.unschedule(id);
      return true;
    }
    const conflicts = await conflictsOf(tx, request);
    const lostRight = await lostRightToApply(tx, actor, request.project, request.environment);
    if (conflicts.size > 0 || lostRight) {
      const reason = lostRight ?? [...conflicts.values()].join('; ');
      await store.setScheduleStatus(id, 'suspended', { reason });
      await toldSuspended(tx, actor, request, reason, outbox);
      return true;
    }
    // A savepoint keeps the claim when the changes fail: the failure is recorded in the same transaction.
    await tx.query('SAVEPOINT scheduled_apply');
    try {
      await applyRequest(tx, request, actor);
      await tx.query('RELEASE SAVEPOINT scheduled_apply');
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT scheduled_apply');
      if (error instanceof ApprovalOutdated) {
        // Not a failure: the state moved since approval, so the request goes back to review (decision record 0029).
        const reason = error.message;
        await requireNewApproval(tx, error);
        await toldSuspended(tx, actor, request, reason, outbox);
        return true;
      }
      const failureReason = error instanceof Error ? error.message : String(error);
      await store.setScheduleStatus(id, 'failed', {
        reason: 'The changes could not be applied',
        failureReason,
      });
      await recordChangeRequestEvent(tx, actor, 'change-request-scheduled-application-failure', request, {
        failureReason,
      });
      await notifyAbout(
        tx,
        SWITCHYARD,
        request,
        [request.createdBy.id, actor.userId],
        `could not apply (${failureReason})`,
      );
      outbox.push(authorMail(request, 'failed', failureReason));
      return true;
    }
    await recordChangeRequestEvent(tx, actor, 'change-request-scheduled-application-success', request);
    return true;
  });
  mail.send(db, outbox);
  return found;
}

/** Polls for due scheduled requests every `intervalMs`; set up once when the app is built. */
export function createChangeRequestScheduler(db: Db, options: SchedulerOptions) {
  const now = options.now ?? (() => new Date());

  async function tick(stopping = () => false): Promise<void> {
    try {
      while (!stopping() && (await applyNextDue(db, now(), options.mail))) {
        /* keep going while requests are due */
      }
    } catch (error) {
      options.onError?.(error);
    }
  }

  return {
    /** Applies everything due now; tests call it with a mocked clock instead of waiting. */
    tick: () => tick(),
    ...createPeriodicTask(tick, { intervalMs: options.intervalMs }),
  };
}
