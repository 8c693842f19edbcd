import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { favoriteRoutes } from './favorite-routes.ts';
import { flagBulkRoutes } from './flag-bulk-routes.ts';
import { createFlagListCache } from './flag-list-cache.ts';
import { flagEnvironmentRoutes } from './flag-environment-routes.ts';
import { flagRoutes } from './flag-routes.ts';
import { lifecycleRoutes } from './lifecycle-routes.ts';
import { linkRoutes } from './link-routes.ts';
import { strategyRoutes } from './strategy-routes.ts';
import { variantRoutes } from './variant-routes.ts';

/** Flag management of the Admin API: flags, their environments, strategies, variants, links and lifecycle. */
export function flagManagementRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const listCache = createFlagListCache(deps.db);
    await listCache.start();
    app.addHook('onClose', () => listCache.stop());
    // Writes here invalidate before their response leaves, so the next list already shows them; writes elsewhere
    // reach the cache through NOTIFY.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') listCache.invalidate();
      return payload;
    });
    const routeDeps = { ...deps, listCache };
    for (const routes of [
      flagRoutes,
      flagBulkRoutes,
      flagEnvironmentRoutes,
      strategyRoutes,
      variantRoutes,
      lifecycleRoutes,
      linkRoutes,
      favoriteRoutes,
    ]) {
      await app.register(routes(routeDeps));
    }
  };
}
