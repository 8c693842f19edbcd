import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createMaintenanceStore } from './maintenance-store.ts';

const Maintenance = Type.Object(
  { enabled: Type.Boolean({ description: 'While true, the Admin API refuses changes with 503.' }) },
  { additionalProperties: false, examples: [{ enabled: true }] },
);

/** /api/admin/maintenance: pause every change through the Admin API, for an upgrade or an incident. */
export function maintenanceRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const store = createMaintenanceStore(deps.db);

    app.get(
      '/api/admin/maintenance',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Maintenance',
            'getMaintenance',
            'Get maintenance mode',
            'Whether maintenance mode is on. Every signed-in user may ask: the admin UI tells everyone while it is on.',
          ),
          response: { 200: Maintenance, ...errorResponses(401) },
        },
      },
      async () => ({ enabled: await store.enabled() }),
    );

    app.post(
      '/api/admin/maintenance',
      {
        config: { auth: { permission: 'UPDATE_MAINTENANCE_MODE' } },
        schema: {
          ...describe(
            'Maintenance',
            'toggleMaintenance',
            'Turn maintenance mode on or off',
            'While maintenance mode is on, every change through the Admin API is refused with 503 and changes nothing; reads, checks, the playground, sign-in and the Client and Frontend APIs keep working. Recorded as a maintenance-mode-toggled event.',
          ),
          body: Maintenance,
          response: { 204: noContent('Done.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, async (tx) => {
          const before = await createMaintenanceStore(tx).enabled();
          await createMaintenanceStore(tx).set(request.body.enabled);
          const actor = actorOf(request);
          await createEventStore(tx).append({
            type: 'maintenance-mode-toggled',
            createdBy: actor.name,
            createdByUserId: actor.userId,
            data: { enabled: request.body.enabled },
            preData: { enabled: before },
          });
        });
        return reply.status(204).send();
      },
    );
  };
}
