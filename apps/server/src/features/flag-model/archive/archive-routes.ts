import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { BatchFeaturesBody, FeatureNameParams, ProjectParams } from './archive-schemas.ts';
import { createArchiveService } from './archive-service.ts';

/** The archive: delete archived flags for good, or revive them. Listing archived flags is search with `archived=IS:true`. */
export function archiveRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const withService = <T>(fn: (service: ReturnType<typeof createArchiveService>) => Promise<T>) =>
    inTransaction(deps.db, (tx) => fn(createArchiveService(tx)));

  return async (app) => {
    app.delete(
      '/api/admin/archive/:featureName',
      {
        config: { auth: { permission: 'DELETE_FEATURE', project: { flag: 'params.featureName' } } },
        schema: {
          ...describe(
            'Archive',
            'deleteFeature',
            'Delete an archived flag for good',
            'Deletes an archived flag with its environments, strategies, variants and tags. Only archived flags can be deleted, and not while other flags depend on it. Records a `feature-deleted` event.',
          ),
          params: FeatureNameParams,
          response: { 200: noContent('The flag was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await withService((service) => service.deleteFlag(request.params.featureName, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/archive/revive/:featureName',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: { flag: 'params.featureName' } } },
        schema: {
          ...describe(
            'Archive',
            'reviveFeature',
            'Revive an archived flag',
            'Brings an archived flag back into its project. As in Unleash, a revived flag is disabled in every environment; its strategies are kept. Records a `feature-revived` event.',
          ),
          params: FeatureNameParams,
          response: { 200: noContent('The flag was revived.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await withService((service) => service.reviveFlag(request.params.featureName, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/projects/:projectId/delete',
      {
        config: { auth: { permission: 'DELETE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Archive',
            'deleteFeatures',
            'Delete archived flags for good',
            'Deletes several archived flags of the project at once, all or none. Every flag must exist, belong to the project and be archived, and no flag outside the list may depend on one of them. Records a `feature-deleted` event per flag.',
          ),
          params: ProjectParams,
          body: BatchFeaturesBody,
          response: { 200: noContent('The flags were deleted.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId } = request.params;
        await withService((service) =>
          service.deleteFlags(projectId, request.body.features, actorOf(request)),
        );
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/projects/:projectId/revive',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Archive',
            'reviveFeatures',
            'Revive archived flags',
            'Revives several archived flags of the project at once, all or none; each comes back disabled in every environment. Records a `feature-revived` event per flag.',
          ),
          params: ProjectParams,
          body: BatchFeaturesBody,
          response: { 200: noContent('The flags were revived.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId } = request.params;
        await withService((service) =>
          service.reviveFlags(projectId, request.body.features, actorOf(request)),
        );
        return reply.status(200).send();
      },
    );
  };
}
