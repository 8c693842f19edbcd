import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createApplicationStore } from './application-store.ts';
import { createMetricsReadModel } from './metrics-read-model.ts';

const nullable = (schema: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([schema, Type.Null()]));
const ApplicationBody = Type.Object(
  {
    appName: Type.Optional(Type.String({ description: 'Ignored: the name is in the path.' })),
    description: nullable(Type.String({ maxLength: 500 })),
    url: nullable(
      Type.String({ pattern: '^https?://', maxLength: 2000, description: 'Where the application runs.' }),
    ),
    color: nullable(Type.String({ maxLength: 50 })),
    icon: nullable(Type.String({ maxLength: 100 })),
  },
  {
    additionalProperties: false,
    examples: [{ description: 'Checkout web service', url: 'https://shop.example.com' }],
  },
);
const AppParams = Type.Object({ appName: Type.String({ minLength: 1, maxLength: 255 }) });

/** Admin writes about applications: describe one, remove one, and list its instances in an environment. */
export function applicationRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const metrics = createMetricsReadModel(deps.db);

    app.post(
      '/api/admin/metrics/applications/:appName',
      {
        config: { auth: { permission: 'UPDATE_APPLICATION' } },
        schema: {
          ...describe(
            'Metrics',
            'createApplication',
            'Describe an application',
            'Sets the description, URL, color or icon of an application, creating it if no SDK reported it yet. Properties left out keep their values; null clears one.',
          ),
          params: AppParams,
          body: ApplicationBody,
          response: { 200: noContent('Saved.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const { appName } = request.params;
        const { appName: _ignored, ...details } = request.body;
        await inTransaction(deps.db, async (tx) => {
          await createApplicationStore(tx).saveDetails(appName, details);
          const actor = actorOf(request);
          await createEventStore(tx).append({
            type: 'application-updated',
            createdBy: actor.name,
            createdByUserId: actor.userId,
            data: { appName, ...details },
          });
        });
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/metrics/applications/:appName',
      {
        config: { auth: { permission: 'UPDATE_APPLICATION' } },
        schema: {
          ...describe(
            'Metrics',
            'deleteApplication',
            'Delete an application',
            'Removes an application with its registered instances and usage counts. If one of its SDKs reports again, it comes back.',
          ),
          params: AppParams,
          response: { 200: noContent('Deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { appName } = request.params;
        await inTransaction(deps.db, async (tx) => {
          const store = createApplicationStore(tx);
          if (!(await store.exists(appName))) throw new NotFoundError(`No application named "${appName}"`);
          await store.delete(appName);
          const actor = actorOf(request);
          await createEventStore(tx).append({
            type: 'application-deleted',
            createdBy: actor.name,
            createdByUserId: actor.userId,
            preData: { appName },
          });
        });
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/metrics/instances/:appName/environment/:environment',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getApplicationEnvironmentInstances',
            'List the instances of an application in an environment',
            'The SDK instances of an application that registered in one environment, most recently seen first.',
          ),
          params: Type.Object({ appName: Type.String(), environment: Type.String() }),
          response: {
            200: Type.Object(
              {
                instances: Type.Array(
                  Type.Object({
                    instanceId: Type.String(),
                    sdkVersion: Type.Union([Type.String(), Type.Null()]),
                    lastSeen: Type.String({ format: 'date-time' }),
                  }),
                ),
              },
              {
                examples: [
                  {
                    instances: [
                      {
                        instanceId: 'checkout-1',
                        sdkVersion: 'unleash-node-sdk:6.12.1',
                        lastSeen: '2026-01-15T10:05:00.000Z',
                      },
                    ],
                  },
                ],
              },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => ({
        instances: (await metrics.instances(request.params.appName))
          .filter((instance) => instance.environment === request.params.environment)
          .sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime())
          .map((instance) => ({
            instanceId: instance.instanceId,
            sdkVersion: instance.sdkVersion,
            lastSeen: instance.lastSeen.toISOString(),
          })),
      }),
    );
  };
}
