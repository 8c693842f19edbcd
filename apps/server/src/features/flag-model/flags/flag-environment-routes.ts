import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createFlagEnvironmentService } from './flag-environment-service.ts';
import { EnvironmentParams, FeatureEnvironmentResponseBody, ToggleQuery } from './flag-schemas.ts';
import { toFeatureEnvironmentResponse } from './flag-wire.ts';
import { actorOf } from './request-actor.ts';

const FLAG_ENVIRONMENT = '/api/admin/projects/:projectId/features/:featureName/environments/:environment';

/** One flag in one environment: read it, turn it on or off. */
export function flagEnvironmentRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    app.get(
      FLAG_ENVIRONMENT,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatureEnvironment',
            'Get a flag in one environment',
            'Whether the flag is on in the environment, its strategies in evaluation order, and its variants there.',
          ),
          params: EnvironmentParams,
          response: { 200: FeatureEnvironmentResponseBody, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const found = await createFlagEnvironmentService(db).get(projectId, featureName, environment);
        return toFeatureEnvironmentResponse(found.flag, found.environment, found.strategies);
      },
    );

    for (const enabled of [true, false]) {
      app.post(
        `${FLAG_ENVIRONMENT}/${enabled ? 'on' : 'off'}`,
        {
          config: {
            auth: {
              permission: 'UPDATE_FEATURE_ENVIRONMENT',
              project: 'params.projectId',
              environment: 'params.environment',
              reviewedBy: 'environment',
            },
          },
          schema: {
            ...describe(
              'Features',
              enabled ? 'toggleFeatureEnvironmentOn' : 'toggleFeatureEnvironmentOff',
              enabled ? 'Turn a flag on in an environment' : 'Turn a flag off in an environment',
              enabled
                ? 'Turns the flag on. With no active strategy, the project’s default strategy for the environment is added (a 100% flexibleRollout unless configured), or with shouldActivateDisabledStrategies=true the disabled strategies are re-activated.'
                : 'Turns the flag off in the environment; strategies are kept.',
            ),
            params: EnvironmentParams,
            querystring: ToggleQuery,
            response: { 200: noContent('Done.'), ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request, reply) => {
          const { projectId, featureName, environment } = request.params;
          const actor = actorOf(request);
          await inTransaction(db, (tx) =>
            createFlagEnvironmentService(tx).toggle(projectId, featureName, environment, enabled, actor, {
              activateDisabledStrategies: request.query.shouldActivateDisabledStrategies ?? false,
            }),
          );
          return reply.status(200).send();
        },
      );
    }
  };
}
