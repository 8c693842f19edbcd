import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { AdvancedPlaygroundResponse } from '../../flag-model/playground/playground-schemas.ts';
import { advancedPlayground } from '../../flag-model/playground/playground-routes.ts';
import { createPlaygroundService } from '../../flag-model/playground/playground-service.ts';
import { callerFrom } from './caller.ts';
import { applyChanges, tryInRollback } from './change-request-apply.ts';
import { createChangeRequestStore } from './change-request-store.ts';
import { NotFoundError } from '../../../http/errors.ts';

const Body = Type.Object(
  {
    context: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The context to evaluate, as in the advanced playground.',
    }),
  },
  { additionalProperties: false, examples: [{ context: { userId: '42', appName: 'checkout' } }] },
);

/** POST /api/admin/playground/change-request/{id}: the playground as if the request were applied. */
export function changeRequestPlaygroundRoutes(deps: {
  db: Db;
  config: Pick<Config, 'playgroundMaxEvaluations'>;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { db } = deps;
    app.post(
      '/api/admin/playground/change-request/:id',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Playground',
            'getChangeRequestPlayground',
            'Evaluate flags as if a change request were applied',
            'Applies the request’s changes in a transaction that is rolled back, evaluates the flags of its project in its environment for the context, and answers like the advanced playground. Nothing is changed.',
          ),
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          body: Body,
          response: { 200: AdvancedPlaygroundResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const caller = callerFrom(actorOf(request), request.access);
        const found = await createChangeRequestStore(db).get(request.params.id);
        const hidden = await hiddenProjects(db, request.access);
        const visible =
          found &&
          !hidden.includes(found.project) &&
          (found.state !== 'Draft' || found.createdBy.id === caller.actor.userId || caller.isAdmin);
        if (!visible) throw new NotFoundError(`Could not find change request ${request.params.id}`);
        const body = {
          environments: [found.environment],
          projects: [found.project],
          context: request.body.context,
        };
        return tryInRollback(db, async (tx) => {
          if (found.state !== 'Applied') await applyChanges(tx, found, caller.actor);
          const service = createPlaygroundService(tx, {
            maxEvaluations: deps.config.playgroundMaxEvaluations,
          });
          return advancedPlayground(service, body as never, hidden);
        });
      },
    );
  };
}
