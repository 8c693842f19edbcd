import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { FlagParams } from './flag-schemas.ts';
import { createLinkService } from './link-service.ts';
import { actorOf } from './request-actor.ts';

const LinkBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 10_000,
      description: 'http(s) URL; https:// is added when no scheme is given.',
    }),
    title: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  },
  {
    additionalProperties: false,
    examples: [{ url: 'https://tracker.example.com/SHOP-12', title: 'SHOP-12' }],
  },
);
const LinkParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  linkId: Type.String(),
});

/** Links from a flag to tickets, dashboards or docs; getFeature lists them. */
export function linkRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  const path = '/api/admin/projects/:projectId/features/:featureName/link';
  return async (app) => {
    app.post(
      path,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'createFeatureLink',
            'Add a link to a flag',
            'Adds a link; getFeature shows it with its id under `links`.',
          ),
          params: FlagParams,
          body: LinkBody,
          response: { 204: noContent('The link was added.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createLinkService(tx).create(
            request.params.projectId,
            request.params.featureName,
            request.body,
            actor,
          ),
        );
        return reply.status(204).send();
      },
    );

    app.put(
      `${path}/:linkId`,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'updateFeatureLink',
            'Change a link of a flag',
            'Replaces the URL and title of the link.',
          ),
          params: LinkParams,
          body: LinkBody,
          response: { 204: noContent('The link was changed.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName, linkId } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createLinkService(tx).update(projectId, featureName, linkId, request.body, actor),
        );
        return reply.status(204).send();
      },
    );

    app.delete(
      `${path}/:linkId`,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'deleteFeatureLink',
            'Remove a link from a flag',
            'Deletes one of the links shown on the flag page; the flag itself is unchanged.',
          ),
          params: LinkParams,
          response: { 204: noContent('The link was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName, linkId } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) => createLinkService(tx).delete(projectId, featureName, linkId, actor));
        return reply.status(204).send();
      },
    );
  };
}
