import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { ACTION_DEFINITIONS, type ActionSet, type ActionSetFields } from './action-set.ts';
import {
  ActionsConfigResponse,
  ActionSetBody,
  ActionSetEventsResponse,
  ActionSetListResponse,
  ActionSetParams,
  ActionSetResponse,
  EventQuery,
  ProjectParams,
} from './action-set-schemas.ts';
import { ActionSetRuleError, createActionSetService } from './action-set-service.ts';

const toFields = (body: Static<typeof ActionSetBody>): ActionSetFields => ({
  name: body.name,
  description: body.description ?? null,
  enabled: body.enabled ?? true,
  actorId: body.actorId,
  sourceId: body.match.sourceId,
  payloadFilters: body.match.payload,
  actions: body.actions.map((action) => ({
    action: action.action,
    sortOrder: action.sortOrder,
    executionParams: action.executionParams ?? {},
  })),
});

export const toActionSetResponse = (set: ActionSet) => ({
  id: set.id,
  project: set.project,
  name: set.name,
  description: set.description,
  enabled: set.enabled,
  actorId: set.actorId,
  match: { source: 'signal-endpoint' as const, sourceId: set.sourceId, payload: set.payloadFilters },
  actions: set.actions.map((action) => ({ ...action, createdAt: action.createdAt.toISOString() })),
  createdAt: set.createdAt.toISOString(),
  createdByUserId: set.createdByUserId,
});

async function naming<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ActionSetRuleError) throw BadDataError.field(`/body/${error.field}`, error.message);
    throw error;
  }
}

const CONFIG = Object.fromEntries(
  Object.entries(ACTION_DEFINITIONS).map(([name, d]) => [
    name,
    {
      label: d.label,
      description: d.description,
      category: d.category,
      permissions: [...d.permissions],
      parameters: [
        { name: 'project', label: 'Project', type: 'hidden' as const },
        { name: 'environment', label: 'Environment', type: 'select' as const },
        { name: d.target, label: d.target === 'tag' ? 'Tag' : 'Flag', type: 'select' as const },
      ],
    },
  ]),
);

const A = '/api/admin/projects/:projectId/actions';
const AREA = 'Projects';

/** A project's action sets: what to do when a signal arrives, and the log of what they did. */
export function actionSetRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createActionSetService(deps.db);
    const admin = { auth: { permission: 'ADMIN' as const } };
    const response = (description: string) => ({ ...ActionSetResponse, description });

    app.get(
      A,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getActions',
            "A project's action sets",
            'Every action set of the project with its filters and actions.',
          ),
          params: ProjectParams,
          response: { 200: ActionSetListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        actions: (await service.list(request.params.projectId)).map(toActionSetResponse),
      }),
    );

    app.get(
      `${A}/config`,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getActionsConfig',
            'The actions an action set can run',
            'Each action by name: what it does, the permission its service account needs and its parameters.',
          ),
          params: ProjectParams,
          response: { 200: ActionsConfigResponse, ...errorResponses(401, 403) },
        },
      },
      async () => CONFIG,
    );

    app.post(
      A,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'createActions',
            'Create an action set',
            'When a signal from the endpoint `match.sourceId` meets every payload filter, the actions run in order as the service account `actorId`, with its permissions; the first failure stops them.',
          ),
          params: ProjectParams,
          body: ActionSetBody,
          response: { 200: response('The new action set.'), ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request) =>
        toActionSetResponse(
          await naming(service.create(request.params.projectId, toFields(request.body), actorOf(request))),
        ),
    );

    app.put(
      `${A}/:actionSetId`,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'updateActions',
            'Update an action set',
            'Replaces the action set: its filters and all of its actions.',
          ),
          params: ActionSetParams,
          body: ActionSetBody,
          response: {
            200: response('The action set after the change.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) =>
        toActionSetResponse(
          await naming(
            service.update(
              request.params.projectId,
              request.params.actionSetId,
              toFields(request.body),
              actorOf(request),
            ),
          ),
        ),
    );

    app.delete(
      `${A}/:actionSetId`,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'deleteActions',
            'Delete an action set',
            'Deletes the action set and its event log.',
          ),
          params: ActionSetParams,
          response: { 200: noContent('The action set was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.delete(request.params.projectId, request.params.actionSetId, actorOf(request));
        return reply.status(200).send();
      },
    );

    for (const [state, enabled] of [
      ['on', true],
      ['off', false],
    ] as const) {
      app.post(
        `${A}/:actionSetId/${state}`,
        {
          config: admin,
          schema: {
            ...describe(
              AREA,
              enabled ? 'enableActions' : 'disableActions',
              enabled ? 'Enable an action set' : 'Disable an action set',
              enabled
                ? 'The action set acts on matching signals again.'
                : 'The action set ignores signals until enabled again.',
            ),
            params: ActionSetParams,
            response: { 200: noContent('Done.'), ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          await service.setEnabled(
            request.params.projectId,
            request.params.actionSetId,
            enabled,
            actorOf(request),
          );
          return reply.status(200).send();
        },
      );
    }

    app.get(
      `${A}/:actionSetId/events`,
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getActionsEvents',
            "An action set's event log",
            'What the action set did with each signal it matched, newest first: the signal, and every action with its state and details.',
          ),
          params: ActionSetParams,
          querystring: EventQuery,
          response: { 200: ActionSetEventsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        actionSetEvents: (
          await service.events(
            request.params.projectId,
            request.params.actionSetId,
            request.query.limit ?? 50,
            request.query.offset ?? 0,
          )
        ).map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
      }),
    );
  };
}
