import type { Db } from '../../../db/db.ts';
import {
  BadDataError,
  HttpError,
  InvalidOperationError,
  NoAccessError,
  NotFoundError,
} from '../../../http/errors.ts';
import type { Caller } from './caller.ts';
import { ACTIONS, flagConflict } from './change-actions.ts';
import { tryInRollback } from './change-request-apply.ts';
import { type ChangeInput, type ChangeRequest, isAuthorOf, isOpen } from './change-request.ts';
import { notifyAbout, recordChangeRequestEvent } from './change-request-events.ts';
import { type ChangeRequestMailer, noMail } from './change-request-mail.ts';
import { requireCollaborator } from './change-request-collaboration.ts';
import { createChangeRequestSettingsStore } from './change-request-settings-store.ts';
import { createChangeRequestStore } from './change-request-store.ts';
import { reachOf } from './change-scope.ts';

/** A change of a list was refused: `index` says which one, `problem` why. The route names the field. */
export class ChangeRejected extends Error {
  constructor(
    readonly index: number,
    readonly problem: HttpError,
  ) {
    super(problem.message);
  }
}

/** Drafting and editing change requests: the author's side. Reviews are in change-request-review-service.ts. */
export function createChangeRequestService(db: Db, mail: ChangeRequestMailer = noMail) {
  /** A request the caller may see: others' drafts do not exist for them. */
  async function visible(db: Db, project: string, id: number, caller: Caller): Promise<ChangeRequest> {
    const request = await createChangeRequestStore(db).get(id);
    const hidden =
      !request ||
      request.project !== project ||
      (request.state === 'Draft' && !isAuthorOf(request.createdBy, caller.actor) && !caller.isAdmin);
    if (hidden) throw new NotFoundError(`Could not find change request ${id} in project "${project}"`);
    return request;
  }

  /**
   * Checks a change and returns what it changes now (its snapshot); tries it in a rolled-back transaction. The change
   * stays inside the request's project and needs what its direct write needs there (decision record 0026).
   */
  async function prepare(project: string, environment: string, input: ChangeInput, caller: Caller) {
    const spec = ACTIONS[input.action];
    const target = {
      action: input.action,
      flagName: 'flag' in input.target ? input.target.flag : null,
      segmentId: 'segment' in input.target ? input.target.segment : null,
      payload: input.payload ?? null,
      snapshot: null,
    };
    const context = { db, project, environment, actor: caller.actor };
    const reach = await reachOf(context, target);
    if (reach === 'missing' || reach === 'outside') {
      throw new NotFoundError(`Could not find a segment with id ${target.segmentId} in project "${project}"`);
    }
    if (reach === 'moves-out') {
      throw BadDataError.field(
        '/body/project',
        `a change request of project "${project}" keeps its segments in that project or makes them global`,
      );
    }
    // A project permission counts only where the change stays in the project; a global segment needs the root one.
    const allowed =
      caller.may(spec.permission, project, environment) ||
      (reach === 'project' &&
        spec.orInProject !== undefined &&
        caller.may(spec.orInProject, project, environment));
    if (!allowed) {
      const alternative = reach === 'project' && spec.orInProject ? ` or ${spec.orInProject}` : '';
      throw new NoAccessError(
        `You need the ${spec.permission}${alternative} permission in project ${project} (environment ${environment}) to ${input.action}`,
      );
    }
    if (target.flagName !== null) {
      const gone = await flagConflict(context, target.flagName);
      if (gone) throw new NotFoundError(gone.replace(/ was archived$/, ' is archived'));
    }
    const snapshot = await spec.snapshot(context, target);
    // The same rules as the direct write, checked now: what applies later is exactly what was tried here.
    await tryInRollback(db, (tx) => spec.apply({ ...context, db: tx }, target));
    return { ...target, snapshot };
  }

  async function prepareAll(project: string, environment: string, inputs: ChangeInput[], caller: Caller) {
    // Drafting is work in the project: someone outside it drafts nothing there, whatever root permissions they hold.
    if (!caller.member(project)) {
      throw new NoAccessError(`Only members of project "${project}" draft change requests there`);
    }
    await requireCollaborator(db, project, caller);
    const prepared = [];
    for (const [index, input] of inputs.entries()) {
      try {
        prepared.push(await prepare(project, environment, input, caller));
      } catch (error) {
        if (error instanceof HttpError && !(error instanceof NoAccessError))
          throw new ChangeRejected(index, error);
        throw error;
      }
    }
    return prepared;
  }

  /** An edit of a request in review drops its approvals; Approved goes back to review. */
  async function edited(tx: Db, request: ChangeRequest): Promise<void> {
    const store = createChangeRequestStore(tx);
    if (request.state === 'Draft') return;
    await store.clearApprovals(request.id);
    if (request.state === 'Approved') await store.setState(request.id, 'In review');
  }

  function requireEditable(request: ChangeRequest, caller: Caller): void {
    if (!isAuthorOf(request.createdBy, caller.actor)) {
      throw new NoAccessError('Only the author of a change request changes it');
    }
    if (!['Draft', 'In review', 'Approved'].includes(request.state)) {
      throw new InvalidOperationError(`A change request in state "${request.state}" cannot be changed`);
    }
  }

  return {
    visible: (project: string, id: number, caller: Caller) => visible(db, project, id, caller),

    /** Adds changes to the caller's draft there, creating the draft when there is none. */
    async addChanges(
      project: string,
      environment: string,
      inputs: ChangeInput[],
      caller: Caller,
    ): Promise<number> {
      const required = await createChangeRequestSettingsStore(db).requiredApprovals(project, environment);
      if (required === undefined) {
        throw new BadDataError(
          `Change requests are off in environment "${environment}" of project "${project}": change it directly`,
        );
      }
      const prepared = await prepareAll(project, environment, inputs, caller);
      return db.transaction(async (tx) => {
        const store = createChangeRequestStore(tx);
        let id = await store.findDraft(caller.actor, project, environment);
        if (id === undefined) {
          id = await store.insertDraft(caller.actor, project, environment, required);
          await recordChangeRequestEvent(tx, caller.actor, 'change-request-created', {
            id,
            project,
            environment,
          });
        }
        for (const change of prepared) {
          const changeId = await store.addChange(id, change, caller.actor);
          await recordChangeRequestEvent(
            tx,
            caller.actor,
            'change-added',
            { id, project, environment },
            {
              changeId,
              feature: change.flagName,
              segment: change.segmentId,
              action: change.action,
              payload: change.payload,
            },
          );
        }
        return id;
      });
    },

    /** Replaces one change (it gets a new id and a new snapshot). */
    async editChange(project: string, id: number, changeId: number, input: ChangeInput, caller: Caller) {
      const request = await visible(db, project, id, caller);
      requireEditable(request, caller);
      if (!request.changes.some((change) => change.id === changeId)) {
        throw new NotFoundError(`Change request ${id} has no change ${changeId}`);
      }
      const [change] = await prepareAll(project, request.environment, [input], caller);
      await db.transaction(async (tx) => {
        const store = createChangeRequestStore(tx);
        await store.lock(id);
        await store.deleteChange(id, changeId);
        const newId = await store.addChange(id, change!, caller.actor);
        await edited(tx, request);
        await recordChangeRequestEvent(tx, caller.actor, 'change-edited', request, {
          changeId: newId,
          replaces: changeId,
          action: change!.action,
          payload: change!.payload,
        });
      });
    },

    async deleteChange(project: string, id: number, changeId: number, caller: Caller): Promise<void> {
      const request = await visible(db, project, id, caller);
      requireEditable(request, caller);
      await requireCollaborator(db, project, caller);
      await db.transaction(async (tx) => {
        const store = createChangeRequestStore(tx);
        if (!(await store.deleteChange(id, changeId))) {
          throw new NotFoundError(`Change request ${id} has no change ${changeId}`);
        }
        await edited(tx, request);
        await recordChangeRequestEvent(tx, caller.actor, 'change-discarded', request, { changeId });
      });
    },

    /** Deletes a request that never applied: the author's draft (or an admin's cleanup). */
    async discard(project: string, id: number, caller: Caller): Promise<void> {
      const request = await visible(db, project, id, caller);
      if (!isAuthorOf(request.createdBy, caller.actor) && !caller.isAdmin)
        throw new NoAccessError('Only its author discards a change request');
      if (request.state === 'Applied') {
        throw new InvalidOperationError('An applied change request stays: it is part of the history');
      }
      await db.transaction(async (tx) => {
        await createChangeRequestStore(tx).delete(id);
        await recordChangeRequestEvent(tx, caller.actor, 'change-request-discarded', request);
      });
    },

    async setTitle(project: string, id: number, title: string, caller: Caller): Promise<void> {
      const request = await visible(db, project, id, caller);
      if (!isAuthorOf(request.createdBy, caller.actor)) {
        throw new NoAccessError('Only the author of a change request changes its title');
      }
      await requireCollaborator(db, project, caller);
      await createChangeRequestStore(db).setTitle(id, title);
    },

    async comment(project: string, id: number, text: string, caller: Caller): Promise<void> {
      const request = await visible(db, project, id, caller);
      await db.transaction(async (tx) => {
        await createChangeRequestStore(tx).addComment(id, text, caller.actor);
        const reviewers = await createChangeRequestStore(tx).reviewers(id);
        await notifyAbout(tx, caller.actor, request, [request.createdBy.id, ...reviewers], 'commented on');
      });
    },

    /** Asks users to review (the route checks each may approve there); notifies the new ones once in review. */
    async addReviewers(project: string, id: number, userIds: number[], caller: Caller) {
      const request = await visible(db, project, id, caller);
      if (!isOpen(request.state)) {
        throw new InvalidOperationError(`A change request in state "${request.state}" needs no reviewers`);
      }
      await requireCollaborator(db, project, caller);
      const added = await db.transaction(async (tx) => {
        const added = await createChangeRequestStore(tx).addReviewers(id, userIds);
        await recordChangeRequestEvent(
          tx,
          caller.actor,
          'change-request-requested-approvers-updated',
          request,
          {
            reviewers: userIds,
          },
        );
        if (request.state !== 'Draft')
          await notifyAbout(tx, caller.actor, request, added, 'asks you to review');
        return added;
      });
      // Reviewers asked of a draft hear of it when it is sent to review; of a request in review, now.
      if (request.state !== 'Draft') {
        const userIds = added.filter((userId) => userId !== caller.actor.userId);
        mail.send(db, [{ kind: 'review-requested', request, by: caller.actor.name, userIds }]);
      }
    },
  };
}

export type ChangeRequestService = ReturnType<typeof createChangeRequestService>;
