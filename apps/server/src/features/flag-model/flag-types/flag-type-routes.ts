import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import {
  FeatureTypeListResponse,
  FeatureTypeResponse,
  FlagTypeParams,
  UpdateLifetimeBody,
} from './flag-type-schemas.ts';
import { createFlagTypeService } from './flag-type-service.ts';

/** /api/admin/feature-types: the flag types. Anyone signed in reads them; only admins change lifetimes. */
export function flagTypeRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(FeatureTypeResponse);
    const service = createFlagTypeService(deps.db);

    app.get(
      '/api/admin/feature-types',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Feature Types',
            'getAllFeatureTypes',
            'List flag types',
            'Lists the flag types (release, experiment, operational, kill-switch, permission) and how many days flags of each type are expected to live.',
          ),
          response: { 200: FeatureTypeListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ version: 1 as const, types: await service.list() }),
    );

    app.put(
      '/api/admin/feature-types/:id/lifetime',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Feature Types',
            'updateFeatureTypeLifetime',
            'Change the lifetime of a flag type',
            'Sets after how many days flags of this type are reported as potentially stale; 0 or null means never.',
          ),
          params: FlagTypeParams,
          body: UpdateLifetimeBody,
          response: {
            200: {
              ...FeatureTypeResponse,
              $id: undefined,
              description: 'The flag type with its new lifetime.',
            },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        inTransaction(deps.db, (tx) =>
          createFlagTypeService(tx).updateLifetime(
            request.params.id,
            request.body.lifetimeDays,
            actorOf(request),
          ),
        ),
    );
  };
}
