import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { LIFECYCLE_COUNT_KEYS } from './flag-lifecycle-store.ts';
import { FlagParams } from './flag-schemas.ts';
import { toLifecycleResponse } from './flag-wire.ts';
import { createLifecycleService } from './lifecycle-service.ts';
import { actorOf } from './request-actor.ts';

const STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'];

const LifecycleResponse = Type.Array(
  Type.Object({
    stage: Type.String({ enum: STAGES }),
    enteredStageAt: Type.String({ format: 'date-time' }),
    status: Type.Optional(Type.String({ enum: ['kept', 'discarded'] })),
    statusValue: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  {
    examples: [
      [
        { stage: 'initial', enteredStageAt: '2026-01-15T10:00:00.000Z' },
        { stage: 'pre-live', enteredStageAt: '2026-01-15T10:05:00.000Z' },
        { stage: 'live', enteredStageAt: '2026-01-20T08:00:00.000Z' },
      ],
    ],
  },
);

const CountResponse = Type.Object(
  Object.fromEntries(Object.values(LIFECYCLE_COUNT_KEYS).map((key) => [key, Type.Integer()])),
  { examples: [{ initial: 4, preLive: 3, live: 12, completed: 2, archived: 7 }] },
);

const CompleteBody = Type.Object(
  {
    status: Type.String({
      enum: ['kept', 'discarded'],
      description: 'Whether the feature behind the flag stays.',
    }),
    statusValue: Type.Optional(
      Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
        description: 'E.g. the variant that was kept.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ status: 'kept', statusValue: 'blue' }] },
);

const DERIVED =
  'Stages are derived: initial at creation, pre-live once turned on outside production, live once turned on in a production-type environment, completed when marked so, archived when archived.';

/** Where flags are in their life, and marking them completed. */
export function lifecycleRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  const path = '/api/admin/projects/:projectId/features/:featureName/lifecycle';
  return async (app) => {
    app.get(
      path,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatureLifecycle',
            'Get the lifecycle of a flag',
            `The stages the flag has reached, oldest first. ${DERIVED}`,
          ),
          params: FlagParams,
          response: { 200: LifecycleResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const stages = await createLifecycleService(db).stages(
          request.params.projectId,
          request.params.featureName,
        );
        return stages.map(toLifecycleResponse);
      },
    );

    app.get(
      '/api/admin/lifecycle/count',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatureLifecycleStageCount',
            'Count flags per lifecycle stage',
            `How many flags, over all projects, are in each stage now. ${DERIVED}`,
          ),
          response: { 200: CountResponse, ...errorResponses(401, 403) },
        },
      },
      async () => {
        const counts = await createLifecycleService(db).counts();
        return Object.fromEntries(
          Object.entries(LIFECYCLE_COUNT_KEYS).map(([stage, key]) => [
            key,
            counts[stage as keyof typeof counts],
          ]),
        );
      },
    );

    app.post(
      `${path}/complete`,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'complete',
            'Mark a flag completed',
            'Records that the flag has done its job, whether its feature was kept or discarded; it can then be cleaned up.',
          ),
          params: FlagParams,
          body: CompleteBody,
          response: { 200: noContent('The flag is completed.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createLifecycleService(tx).complete(projectId, featureName, request.body as never, actor),
        );
        return reply.status(200).send();
      },
    );

    app.post(
      `${path}/uncomplete`,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'uncomplete',
            'Undo marking a flag completed',
            'Removes the completed marker; the flag goes back to the stage its state gives it.',
          ),
          params: FlagParams,
          response: { 200: noContent('The flag is no longer completed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) => createLifecycleService(tx).uncomplete(projectId, featureName, actor));
        return reply.status(200).send();
      },
    );
  };
}
