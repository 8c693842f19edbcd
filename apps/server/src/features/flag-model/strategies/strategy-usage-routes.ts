import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { hiddenProjects } from '../projects/hidden-projects.ts';
import {
  ContextFieldParams,
  ContextFieldStrategiesResponse,
  ProjectContextFieldParams,
  StrategySegmentsBody,
  StrategySegmentsResponse,
} from './strategy-schemas.ts';
import { createStrategySegmentsService } from './strategy-segments-service.ts';
import { createStrategyUsageReadModel } from './strategy-usage-read-model.ts';
import { toStrategyUseResponse } from './strategy-use.ts';

/** Which flag strategies use a context field, and the segments of one flag strategy. */
export function strategyUsageRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const usage = createStrategyUsageReadModel(deps.db);

    app.get(
      '/api/admin/context/:contextField/strategies',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Strategies',
            'getStrategiesByContextField',
            'List the strategies that use a context field',
            'Lists every flag strategy with a constraint on the context field, but those of private projects the caller is no member of. A field nobody uses, or that does not exist, gives an empty list.',
          ),
          params: ContextFieldParams,
          response: { 200: ContextFieldStrategiesResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const hidden = await hiddenProjects(deps.db, request.access);
        const uses = await usage.usingContextField(request.params.contextField, { hidden });
        return { strategies: uses.map(toStrategyUseResponse) };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/context/:contextField/strategies',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Strategies',
            'getStrategiesByContextFieldForProject',
            "List a project's strategies that use a context field",
            'Lists the strategies of flags in the project that have a constraint on the context field.',
          ),
          params: ProjectContextFieldParams,
          response: { 200: ContextFieldStrategiesResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, contextField } = request.params;
        const [project] = await deps.db.query('SELECT 1 FROM projects WHERE id = $1', [projectId]);
        if (!project) throw new NotFoundError(`Could not find project "${projectId}"`);
        const uses = await usage.usingContextField(contextField, { project: projectId });
        return { strategies: uses.map(toStrategyUseResponse) };
      },
    );

    app.post(
      '/api/admin/segments/strategies',
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_STRATEGY',
            project: 'body.projectId',
            environment: 'body.environmentId',
            // Linking a segment changes what the strategy serves: the same review as any strategy change.
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Strategies',
            'updateFeatureStrategySegments',
            'Set the segments of a flag strategy',
            "Replaces the segments of one flag strategy with `segmentIds` (at most 5; an empty list removes them all). Segments limited to a project can only be used by that project's flags. Records a feature-strategy-update event, so SDKs see the change.",
          ),
          body: StrategySegmentsBody,
          response: { 201: StrategySegmentsResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (tx) =>
          createStrategySegmentsService(tx).replace(request.body, actorOf(request)),
        );
        return reply
          .status(201)
          .header('location', `strategies/${request.body.strategyId}`)
          .send(request.body);
      },
    );
  };
}
