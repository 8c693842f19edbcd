import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db.ts';
import type { ProjectPorts } from '../flag-model/projects/project-ports.ts';
import { legacyFlagRoutes } from './legacy-flags/legacy-flag-routes.ts';
import { legacyMetricsRoutes } from './legacy-metrics/legacy-metrics-routes.ts';
import { legacyStateRoutes } from './legacy-state/legacy-state-routes.ts';

/** The deprecated Admin API paths older SDKs and scripts still call (decision record 0014). */
export function legacyRoutes(deps: { db: Db; ports: ProjectPorts }): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(legacyFlagRoutes(deps));
    await app.register(legacyMetricsRoutes(deps));
    await app.register(legacyStateRoutes(deps));
  };
}
