import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createFavoriteService } from './favorite-service.ts';
import { FlagParams, ProjectParams } from './flag-schemas.ts';
import { actorOf } from './request-actor.ts';

/** Any signed-in user, Viewers included, may keep favorites: they change nothing for anyone else. */
const ANY_USER = { auth: { permission: 'READ' as const } };
const USER_ONLY = 'Favorites belong to the signed-in user; an API token gets 400.';

export function favoriteRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  const flagPath = '/api/admin/projects/:projectId/features/:featureName/favorites';
  const projectPath = '/api/admin/projects/:projectId/favorites';
  return async (app) => {
    for (const favorite of [true, false]) {
      const verb = favorite ? 'post' : 'delete';
      app[verb](
        flagPath,
        {
          config: ANY_USER,
          schema: {
            ...describe(
              'Features',
              favorite ? 'addFavoriteFeature' : 'removeFavoriteFeature',
              favorite ? 'Mark a flag as a favorite' : 'Unmark a favorite flag',
              `${favorite ? 'Adds the flag to' : 'Removes the flag from'} the signed-in user’s favorites. ${USER_ONLY}`,
            ),
            params: FlagParams,
            response: { 200: noContent('Done.'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request, reply) => {
          const { projectId, featureName } = request.params as { projectId: string; featureName: string };
          const actor = actorOf(request);
          await inTransaction(db, (tx) =>
            createFavoriteService(tx).setFlag(projectId, featureName, favorite, actor),
          );
          return reply.status(200).send();
        },
      );
      app[verb](
        projectPath,
        {
          config: ANY_USER,
          schema: {
            ...describe(
              'Features',
              favorite ? 'addFavoriteProject' : 'removeFavoriteProject',
              favorite ? 'Mark a project as a favorite' : 'Unmark a favorite project',
              `${favorite ? 'Adds the project to' : 'Removes the project from'} the signed-in user’s favorites. ${USER_ONLY}`,
            ),
            params: ProjectParams,
            response: { 200: noContent('Done.'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request, reply) => {
          const { projectId } = request.params as { projectId: string };
          const actor = actorOf(request);
          await inTransaction(db, (tx) => createFavoriteService(tx).setProject(projectId, favorite, actor));
          return reply.status(200).send();
        },
      );
    }
  };
}
