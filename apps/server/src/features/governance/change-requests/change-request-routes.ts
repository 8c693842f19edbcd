import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { callerFrom } from './caller.ts';
import type { State } from './change-request.ts';
import type { ChangeRequestMailer } from './change-request-mail.ts';
import { createChangeRequestReadModel } from './change-request-read-model.ts';
import { createChangeRequestReviewService } from './change-request-review-service.ts';
import {
  ChangeParams,
  ChangeRequestParams,
  ChangeRequestResponse,
  ChangeBody,
  ChangesBody,
  CommentBody,
  ProjectEnvironmentParams,
  ReviewersBody,
  ReviewersResponse,
  StateBody,
  TitleBody,
} from './change-request-schemas.ts';
import { ChangeRejected, createChangeRequestService } from './change-request-service.ts';
import { createChangeRequestStore } from './change-request-store.ts';
import { locate, toChangeInput, toChangeRequestResponse, toReviewer } from './change-request-wire.ts';

const BASE = '/api/admin/projects/:projectId/change-requests';
/** The permission each change needs is checked per change: the one its direct write needs. */
const ANY_MEMBER = { auth: { permission: 'READ' as const } };

const callerOf = (request: FastifyRequest) => callerFrom(actorOf(request), request.access);

/** Drafting, editing and reviewing change requests. */
export function changeRequestRoutes(deps: { db: Db; mail?: ChangeRequestMailer }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ChangeRequestResponse);
    const { db } = deps;
    const service = createChangeRequestService(db, deps.mail);
    const reviews = createChangeRequestReviewService(db, deps.mail);
    const readModel = createChangeRequestReadModel(db);
    const respond = async (id: number) =>
      toChangeRequestResponse(db, (await createChangeRequestStore(db).get(id))!, { result: true });
    const crResponse = (description: string) => ({ ...ChangeRequestResponse, $id: undefined, description });

    /** Changes of a body, each checked; a change the rules refuse is named by its place in the body. */
    async function withLocatedErrors<T>(paths: string[], fn: () => Promise<T>): Promise<T> {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof ChangeRejected) throw locate(error.problem, paths[error.index] ?? '/body');
        throw error;
      }
    }

    app.post(
      '/api/admin/projects/:projectId/environments/:environment/change-requests',
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'changeRequest',
            'Add changes to your draft',
            'Adds one change, or a list of changes, to your draft change request for this project and environment, creating the draft when you have none. Only members of the project draft there. Each change needs the permission its direct write needs, and is checked by the same rules, so what is reviewed is what will apply. A change stays in the project: a segment change names a segment of the project or a global one (404 otherwise) and moves it to no other project. Change requests must be on in the environment.',
          ),
          params: ProjectEnvironmentParams,
          body: ChangesBody,
          response: {
            200: crResponse('Your draft, with the changes added.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) => {
        const { projectId, environment } = request.params;
        const bodies: ChangeBody[] = Array.isArray(request.body) ? request.body : [request.body];
        const paths = Array.isArray(request.body) ? bodies.map((_, i) => `/body/${i}`) : ['/body'];
        const inputs = bodies.map((body, i) => toChangeInput(body, paths[i]!));
        const id = await withLocatedErrors(paths, () =>
          service.addChanges(projectId, environment, inputs, callerOf(request)),
        );
        return respond(id);
      },
    );

    app.put(
      `${BASE}/:changeRequestId/changes/:changeId`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'editChange',
            'Replace a change',
            'Replaces one change of your request; it gets a new id and a new snapshot. Editing a request in review drops its approvals.',
          ),
          params: ChangeParams,
          body: ChangeBody,
          response: { 200: crResponse('The request.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, changeRequestId, changeId } = request.params;
        const input = toChangeInput(request.body, '/body');
        await withLocatedErrors(['/body'], () =>
          service.editChange(projectId, changeRequestId, changeId, input, callerOf(request)),
        );
        return respond(changeRequestId);
      },
    );

    app.delete(
      `${BASE}/:changeRequestId/changes/:changeId`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'deleteChange',
            'Remove a change',
            'Removes one change from your request. Editing a request in review drops its approvals.',
          ),
          params: ChangeParams,
          response: { 200: noContent('Removed.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, changeRequestId, changeId } = request.params;
        await service.deleteChange(projectId, changeRequestId, changeId, callerOf(request));
        return reply.status(200).send();
      },
    );

    app.delete(
      `${BASE}/:id`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'deleteChangeRequest',
            'Discard a change request',
            'Deletes a request that was never applied: its author discards a draft this way. Applied requests stay.',
          ),
          params: ChangeRequestParams,
          response: { 200: noContent('Discarded.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.discard(request.params.projectId, request.params.id, callerOf(request));
        return reply.status(200).send();
      },
    );

    app.put(
      `${BASE}/:id/state`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'updateChangeRequestState',
            'Move a change request on',
            'Draft → In review (its author; the requested reviewers are notified, and emailed when email is configured); In review → Approved or Rejected (APPROVE_CHANGE_REQUEST there; nobody approves their own request, admins included); Approved → Applied, or Scheduled with scheduledAt (APPLY_CHANGE_REQUEST there); Scheduled → Scheduled again (reschedule), Applied or Rejected; any open state → Cancelled (its author or an admin). A request whose changes conflict with what they change is not applied or scheduled (409). An approval approves the result the changes produce against the current state; when that result has changed by the time it applies or is scheduled, the request is refused (409, `needs a new approval`) and goes back to review.',
          ),
          params: ChangeRequestParams,
          body: StateBody,
          response: { 200: crResponse('The request.'), ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request) => {
        const { state, comment, scheduledAt } = request.body;
        if (state === 'Scheduled' && !scheduledAt) {
          throw BadDataError.field('/body/scheduledAt', 'a Scheduled request needs "scheduledAt"');
        }
        const at = scheduledAt === undefined ? undefined : new Date(scheduledAt);
        await reviews.transition(
          request.params.projectId,
          request.params.id,
          { state: state as State, comment, scheduledAt: at },
          callerOf(request),
        );
        return respond(request.params.id);
      },
    );

    app.put(
      `${BASE}/:id/title`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'updateChangeRequestTitle',
            'Rename a change request',
            'Its author gives the request a title.',
          ),
          params: ChangeRequestParams,
          body: TitleBody,
          response: { 204: noContent('Renamed.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await service.setTitle(
          request.params.projectId,
          request.params.id,
          request.body.title,
          callerOf(request),
        );
        return reply.status(204).send();
      },
    );

    app.post(
      `${BASE}/:id/comments`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'addChangeRequestComment',
            'Comment on a change request',
            'Adds a comment; the author and the requested reviewers are notified.',
          ),
          params: ChangeRequestParams,
          body: CommentBody,
          response: { 204: noContent('Added.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await service.comment(
          request.params.projectId,
          request.params.id,
          request.body.text,
          callerOf(request),
        );
        return reply.status(204).send();
      },
    );

    app.get(
      `${BASE}/:id/approvers`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'getChangeRequestApprovers',
            'Requested reviewers',
            'The people asked to review the request.',
          ),
          params: ChangeRequestParams,
          response: { 200: ReviewersResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const cr = await service.visible(request.params.projectId, request.params.id, callerOf(request));
        const ids = await createChangeRequestStore(db).reviewers(cr.id);
        const users = await db.query<{
          id: number;
          email: string | null;
          username: string | null;
          name: string | null;
        }>('SELECT id, email, username, name FROM users WHERE id = ANY($1) ORDER BY id', [ids]);
        return { reviewers: users.map(toReviewer) };
      },
    );

    app.put(
      `${BASE}/:id/approvers`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'addChangeRequestReviewers',
            'Ask people to review',
            'Asks up to 10 people to review the request; each must be able to approve change requests in its environment. They are notified, and emailed when email is configured, once the request is in review (at once when it is).',
          ),
          params: ChangeRequestParams,
          body: ReviewersBody,
          response: { 204: noContent('Asked.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, id } = request.params;
        const caller = callerOf(request);
        const cr = await service.visible(projectId, id, caller);
        const able = new Set(
          (await readModel.availableReviewers(projectId, cr.environment)).map((u) => u.id),
        );
        request.body.reviewers.forEach((userId, index) => {
          if (!able.has(userId)) {
            throw BadDataError.field(
              `/body/reviewers/${index}`,
              `user ${userId} cannot approve change requests in "${cr.environment}"`,
            );
          }
        });
        await service.addReviewers(projectId, id, request.body.reviewers, caller);
        return reply.status(204).send();
      },
    );

    app.get(
      `${BASE}/available-reviewers/:environment`,
      {
        config: ANY_MEMBER,
        schema: {
          ...describe(
            'Change Requests',
            'getAvailableChangeRequestReviewers',
            'Who may review',
            'The active users who may approve change requests in this project and environment.',
          ),
          params: ProjectEnvironmentParams,
          response: { 200: ReviewersResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        reviewers: (
          await readModel.availableReviewers(request.params.projectId, request.params.environment)
        ).map(toReviewer),
      }),
    );
  };
}
