import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createFlagBulkService } from './flag-bulk-service.ts';
import {
  FeatureNamesBody,
  ProjectParams,
  StaleBody,
  ToggleQuery,
  ValidateArchiveResponse,
} from './flag-schemas.ts';
import { actorOf } from './request-actor.ts';

const BulkEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });

/** Several flags of a project at once: archive, staleness, on/off in an environment. */
export function flagBulkRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/api/admin/projects/:projectId/archive',
      {
        config: {
          auth: { permission: 'DELETE_FEATURE', project: 'params.projectId', reviewedBy: 'project' },
        },
        schema: {
          ...describe(
            'Features',
            'archiveFeatures',
            'Archive several flags',
            'Archives every listed flag of the project in one transaction. Fails (403) when a listed flag has active children that are not listed too.',
          ),
          params: ProjectParams,
          body: FeatureNamesBody,
          response: {
            202: noContent('The flags were archived.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createFlagBulkService(tx).archiveMany(request.params.projectId, request.body.features, actor),
        );
        return reply.status(202).send();
      },
    );

    app.post(
      '/api/admin/projects/:projectId/archive/validate',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'validateArchiveFeatures',
            'Check what archiving flags would do',
            'Lists the flags among those given that other active flags depend on (archiving them would fail) and says whether archiving would remove dependency links.',
          ),
          params: ProjectParams,
          body: FeatureNamesBody,
          response: { 200: ValidateArchiveResponse, ...errorResponses(400, 401, 404, 415) },
        },
      },
      async (request) =>
        createFlagBulkService(db).validateArchive(request.params.projectId, request.body.features),
    );

    app.post(
      '/api/admin/projects/:projectId/stale',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'staleFeatures',
            'Mark flags stale or not stale',
            'Sets `stale` on every listed flag of the project and records feature-stale-on/-off for each one that changes. Names that match no flag are ignored; flags of other projects are a 404.',
          ),
          params: ProjectParams,
          body: StaleBody,
          response: { 202: noContent('Staleness was set.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createFlagBulkService(tx).setStale(
            request.params.projectId,
            request.body.features,
            request.body.stale,
            actor,
          ),
        );
        return reply.status(202).send();
      },
    );

    for (const enabled of [true, false]) {
      app.post(
        `/api/admin/projects/:projectId/bulk_features/environments/:environment/${enabled ? 'on' : 'off'}`,
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
              enabled ? 'bulkToggleFeaturesEnvironmentOn' : 'bulkToggleFeaturesEnvironmentOff',
              enabled
                ? 'Turn several flags on in an environment'
                : 'Turn several flags off in an environment',
              enabled
                ? 'Turns every listed flag on in the environment, all or nothing. A flag with no active strategy gets the default strategy (or, with shouldActivateDisabledStrategies, its disabled strategies back).'
                : 'Turns every listed flag off in the environment, all or nothing.',
            ),
            params: BulkEnvironmentParams,
            querystring: ToggleQuery,
            body: FeatureNamesBody,
            response: { 200: noContent('Done.'), ...errorResponses(400, 401, 403, 404, 415) },
          },
        },
        async (request, reply) => {
          const { projectId, environment } = request.params;
          const actor = actorOf(request);
          await inTransaction(db, (tx) =>
            createFlagBulkService(tx).toggle(
              projectId,
              environment,
              request.body.features,
              enabled,
              actor,
              request.query.shouldActivateDisabledStrategies ?? false,
            ),
          );
          return reply.status(200).send();
        },
      );
    }
  };
}
