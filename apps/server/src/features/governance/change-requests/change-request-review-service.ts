import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, NoAccessError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import type { Caller } from './caller.ts';
import { conflictsOf } from './change-request-apply.ts';
import {
  approvalsWith,
  type ChangeRequest,
  isFullyApproved,
  type Reviewer,
  type State,
  transitionProblem,
} from './change-request.ts';
import { notifyAbout, recordChangeRequestEvent } from './change-request-events.ts';
import { requireCollaborator } from './change-request-collaboration.ts';
import { type ChangeRequestMail, type ChangeRequestMailer, noMail } from './change-request-mail.ts';
import { createChangeRequestService } from './change-request-service.ts';
import { createChangeRequestStore } from './change-request-store.ts';
import { applyForResult, outdatedApproval, previewOf } from './change-request-result.ts';

export type Transition = { state: State; comment?: string; scheduledAt?: Date };

const reviewerOf = (caller: Caller, request: ChangeRequest): Reviewer => ({
  userId: caller.actor.userId,
  name: caller.actor.name,
  canApprove: caller.may('APPROVE_CHANGE_REQUEST', request.project, request.environment),
  canApply: caller.may('APPLY_CHANGE_REQUEST', request.project, request.environment),
  isAdmin: caller.isAdmin,
});

/** Refuses to apply a request whose changes no longer fit what they change. */
async function requireNoConflict(tx: Db, request: ChangeRequest): Promise<void> {
  const conflicts = await conflictsOf(tx, request);
  if (conflicts.size > 0) {
    const [first] = conflicts.values();
    throw new ConflictError(
      `Change request ${request.id} has ${conflicts.size} conflicting change(s): ${first}. Update or remove them first`,
    );
  }
}

/** The result a request would produce now differs from the one approved: it needs a new approval. */
export class ApprovalOutdated extends ConflictError {
  constructor(
    readonly request: ChangeRequest,
    readonly reason: string,
  ) {
    super(`Change request ${request.id} needs a new approval: ${reason}`);
  }
}

/** Refuses (with the reason) a request whose approvals do not approve what it would produce now. */
async function requireApprovedResult(tx: Db, request: ChangeRequest, actor: Actor): Promise<void> {
  const reason = outdatedApproval(request, await previewOf(tx, request, actor));
  if (reason) throw new ApprovalOutdated(request, reason);
}

/**
 * Sends a request whose approval is outdated back to review (after the refused transaction rolled back, or in the
 * scheduler's): its approvals and schedule are dropped and a comment tells why, so the request shows it.
 */
export async function requireNewApproval(db: Db, outdated: ApprovalOutdated): Promise<void> {
  await db.transaction(async (tx) => {
    const store = createChangeRequestStore(tx);
    await store.clearApprovals(outdated.request.id);
    await store.unschedule(outdated.request.id);
    await store.setState(outdated.request.id, 'In review');
    await store.addComment(outdated.request.id, `${outdated.message}. It is back in review.`, SWITCHYARD);
  });
}

/** Who tells of what Switchyard did on its own. */
const SWITCHYARD: Actor = { name: 'Switchyard', userId: null };

/**
 * Applies a request in the caller's transaction and records it; used by "apply" and by the scheduler. What the
 * changes produce is checked against what was approved before the caller commits: exactly the approved result.
 */
export async function applyRequest(tx: Db, request: ChangeRequest, actor: Actor): Promise<void> {
  const store = createChangeRequestStore(tx);
  const reason = outdatedApproval(request, await applyForResult(tx, request, actor));
  if (reason) throw new ApprovalOutdated(request, reason);
  await store.setState(request.id, 'Applied');
  await store.unschedule(request.id);
  await recordChangeRequestEvent(tx, actor, 'change-request-applied', request);
  await notifyAbout(tx, actor, request, [request.createdBy.id], 'applied');
}

/** Moving a request through review: submit, approve, reject, apply, schedule, cancel. `mail` emails reviewers. */
export function createChangeRequestReviewService(db: Db, mail: ChangeRequestMailer = noMail) {
  return {
    async transition(project: string, id: number, to: Transition, caller: Caller): Promise<void> {
      await createChangeRequestService(db).visible(project, id, caller);
      // Sending to review submits the request: the project's collaboration mode decides who may.
      if (to.state === 'In review') await requireCollaborator(db, project, caller);
      const outbox: ChangeRequestMail[] = [];
      const transitioned = db.transaction(async (tx) => {
        const store = createChangeRequestStore(tx);
        await store.lock(id);
        const request = (await store.get(id))!;
        const problem = transitionProblem(request, to.state, reviewerOf(caller, request));
        if (problem?.kind === 'permission') throw new NoAccessError(problem.message);
        if (problem) throw new BadDataError(problem.message);
        const { actor } = caller;
        if (to.comment) await store.addComment(id, to.comment, actor);
        switch (to.state) {
          case 'In review': {
            await store.setState(id, 'In review');
            await recordChangeRequestEvent(tx, actor, 'change-request-sent-to-review', request);
            const reviewers = await store.reviewers(id);
            await notifyAbout(tx, actor, request, reviewers, 'asks you to review');
            outbox.push({
              kind: 'review-requested',
              request,
              by: actor.name,
              userIds: reviewers.filter((userId) => userId !== actor.userId),
            });
            return;
          }
          case 'Approved': {
            if (actor.userId === null)
              throw new NoAccessError('Change requests are approved by people, not tokens');
            // An approval approves the result the changes produce now (decision record 0029).
            const result = await previewOf(tx, request, actor);
            if (result.failure)
              throw new ConflictError(
                `Change request ${id} cannot be approved: its changes do not apply to the current state (${result.failure})`,
              );
            await store.addReview(id, actor.userId, true, {
              result: result.resultDigest,
              base: result.baseDigest,
            });
            const approvals = approvalsWith(request, result.resultDigest, actor.userId);
            if (!isFullyApproved(approvals, request.minApprovals)) {
              await recordChangeRequestEvent(tx, actor, 'change-request-approval-added', request);
              return;
            }
            await store.setState(id, 'Approved');
            await recordChangeRequestEvent(tx, actor, 'change-request-approved', request);
            await notifyAbout(tx, actor, request, [request.createdBy.id], 'approved');
            return;
          }
          case 'Rejected': {
            if (actor.userId === null)
              throw new NoAccessError('Change requests are rejected by people, not tokens');
            await store.addReview(id, actor.userId, false);
            await store.setState(id, 'Rejected');
            await store.unschedule(id);
            await recordChangeRequestEvent(tx, actor, 'change-request-rejected', request);
            await notifyAbout(tx, actor, request, [request.createdBy.id], 'rejected');
            return;
          }
          case 'Applied': {
            await requireNoConflict(tx, request);
            await applyRequest(tx, request, actor);
            return;
          }
          case 'Scheduled': {
            if (!to.scheduledAt)
              throw new BadDataError('A schedule needs the time to apply at: "scheduledAt"');
            await requireNoConflict(tx, request);
            await requireApprovedResult(tx, request, actor);
            await store.setState(id, 'Scheduled');
            await store.schedule(id, to.scheduledAt, actor.userId);
            await recordChangeRequestEvent(tx, actor, 'change-request-scheduled', request, {
              scheduledAt: to.scheduledAt.toISOString(),
            });
            return;
          }
          case 'Cancelled': {
            await store.setState(id, 'Cancelled');
            await store.unschedule(id);
            await recordChangeRequestEvent(tx, actor, 'change-request-cancelled', request);
            return;
          }
          default:
            throw new BadDataError(`A change request cannot be moved to "${to.state}"`);
        }
      });
      await transitioned.catch(async (error: unknown) => {
        // The refusal rolled back; sending the request back to review is a change of its own.
        if (error instanceof ApprovalOutdated) await requireNewApproval(db, error);
        throw error;
      });
      mail.send(db, outbox);
    },
  };
}
