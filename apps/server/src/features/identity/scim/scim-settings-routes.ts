import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createUserStore } from '../users/user-store.ts';
import { createScimSettingsStore } from './scim-settings-store.ts';

const ScimSettingsResponse = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether identity providers may provision through /scim/v2.' }),
    hasToken: Type.Boolean({ description: 'Whether a SCIM token exists; it is shown only when generated.' }),
  },
  { examples: [{ enabled: true, hasToken: true }] },
);

/** Admin operations around SCIM: turning it on, its token, and removing what it provisioned. */
export function scimSettingsRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settings = createScimSettingsStore(deps.db);
    const record = (type: string, request: Parameters<typeof actorOf>[0], data: unknown) => {
      const actor = actorOf(request);
      return createEventStore(deps.db).append({
        type,
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data,
      });
    };

    app.get(
      '/api/admin/scim-settings',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'getScimSettings',
            'Get SCIM settings',
            'Whether SCIM provisioning is on and whether a SCIM token exists.',
          ),
          response: { 200: ScimSettingsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => settings.get(),
    );

    app.post(
      '/api/admin/scim-settings',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'setScimSettings',
            'Turn SCIM on or off',
            'Turns SCIM provisioning on or off. While it is off, the SCIM endpoint refuses every request (403), even with the right token.',
          ),
          body: Type.Object(
            { enabled: Type.Boolean() },
            { additionalProperties: false, examples: [{ enabled: true }] },
          ),
          response: { 200: noContent('Saved.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        await settings.setEnabled(request.body.enabled);
        await record('scim-settings-updated', request, { enabled: request.body.enabled });
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/scim-settings/generate-new-token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'generateNewToken',
            'Generate a new SCIM token',
            'Makes a new SCIM token, which replaces the previous one at once. This answer is the only time the token is shown: only its hash is kept.',
          ),
          response: {
            200: Type.Object(
              {
                token: Type.String({
                  description: 'The SCIM token, to send as `Authorization: Bearer <token>`.',
                }),
              },
              { examples: [{ token: 'scim:3q2-7wYJbVv9iK0yT1sC5x8fZ2QhLr4pWnAeUdMg6bo' }] },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => {
        const token = await settings.generateToken();
        await record('scim-token-generated', request, null);
        return { token };
      },
    );

    app.delete(
      '/api/admin/user-admin/scim-users',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteScimUsers',
            'Delete every SCIM user',
            'Deletes every user an identity provider created through SCIM, for example after turning SCIM off: their sessions and personal access tokens stop working at once.',
          ),
          response: { 200: noContent('The SCIM users are gone.'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, async (tx) => {
          const users = createUserStore(tx);
          const scimUsers = await users.listScim();
          for (const user of scimUsers) await users.delete(user.id);
          const actor = actorOf(request);
          await createEventStore(tx).append({
            type: 'scim-users-deleted',
            createdBy: actor.name,
            createdByUserId: actor.userId,
            data: { ids: scimUsers.map((user) => user.id) },
          });
        });
        return reply.status(200).send();
      },
    );
  };
}
