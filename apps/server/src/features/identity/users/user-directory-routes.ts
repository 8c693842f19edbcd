import { createProjectAccessStore, createRoleStore } from '../../governance/index.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { actorName, actorUserId } from '../../../http/auth.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { signedInUserId } from './signed-in.ts';
import { RoleResponse } from './user-schemas.ts';
import { createUserStore } from './user-store.ts';
import { toRoleResponse, toUserResponse } from './user-wire.ts';

/** Unleash's rule for inactive users: not seen for 180 days. */
const INACTIVE_DAYS = 180;
const User = Type.Ref('userSchema');
const exampleRole = { id: 1, name: 'Admin', description: 'Everything', type: 'root' };
const InactiveUser = Type.Object({
  id: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** Finding people: search, admin counts, inactive users, and the signed-in user's roles. Registered by userRoutes. */
export function userDirectoryRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = createUserStore(deps.db);

    app.get(
      '/api/admin/user-admin/search',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'searchUsers',
            'Search users',
            'People (not service accounts) whose name, username or email contains `q`, case-insensitively; at most 100.',
          ),
          querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) }),
          response: { 200: Type.Array(User, { examples: [[]] }), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => (await users.search(request.query.q)).map(toUserResponse),
    );

    app.get(
      '/api/admin/user-admin/admin-count',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'getAdminCount',
            'Count admins',
            'How many users have the Admin root role: people who sign in with a password, people without one (single sign-on), and service accounts.',
          ),
          response: {
            200: Type.Object(
              { password: Type.Integer(), noPassword: Type.Integer(), service: Type.Integer() },
              { examples: [{ password: 2, noPassword: 1, service: 0 }] },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      () => users.adminCount(),
    );

    app.get(
      '/api/admin/user-admin/inactive',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'getInactiveUsers',
            'List inactive users',
            `People who have not signed in or used a token for ${INACTIVE_DAYS} days (counted from their creation when they never did).`,
          ),
          response: {
            200: Type.Object(
              { version: Type.Literal(1), inactiveUsers: Type.Array(InactiveUser) },
              { examples: [{ version: 1, inactiveUsers: [] }] },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => ({
        version: 1 as const,
        inactiveUsers: (await users.inactive(INACTIVE_DAYS)).map((user) => ({
          id: user.id,
          name: user.name,
          username: user.username,
          email: user.email,
          createdAt: user.createdAt.toISOString(),
          seenAt: user.seenAt?.toISOString() ?? null,
        })),
      }),
    );

    app.post(
      '/api/admin/user-admin/inactive/delete',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteInactiveUsers',
            'Delete inactive users',
            `Deletes the listed users that are inactive (${INACTIVE_DAYS} days); ids of active users, of yourself or of nobody are skipped. Each deletion is a user-deleted event.`,
          ),
          body: Type.Object(
            { ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }) },
            { additionalProperties: false, examples: [{ ids: [12, 15] }] },
          ),
          response: { 200: noContent('Deleted.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const me = actorUserId(request.principal);
        await inTransaction(deps.db, async (tx) => {
          const store = createUserStore(tx);
          const wanted = new Set(request.body.ids);
          for (const user of await store.inactive(INACTIVE_DAYS)) {
            if (!wanted.has(user.id) || user.id === me) continue;
            await store.delete(user.id);
            await createEventStore(tx).append({
              type: 'user-deleted',
              createdBy: actorName(request.principal),
              createdByUserId: me,
              preData: {
                id: user.id,
                username: user.username,
                email: user.email,
                rootRole: user.rootRoleName,
              },
            });
          }
        });
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/user-admin/validate-password',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'validateUserPassword',
            'Check a password',
            'Checks a password against the rule for new passwords (8 to 200 characters): 200 if it may be used, 400 naming the rule if not. Stores nothing.',
          ),
          body: Type.Object(
            { password: Type.String({ minLength: 8, maxLength: 200 }) },
            { additionalProperties: false, examples: [{ password: 'correct-horse-battery' }] },
          ),
          response: { 200: noContent('The password may be used.'), ...errorResponses(400, 401, 415) },
        },
      },
      async (_request, reply) => reply.status(200).send(),
    );

    app.get(
      '/api/admin/user/roles',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getUserRoles',
            'Get my roles',
            'The roles of the signed-in user: their root role, and with `projectId` also the roles they hold in that project, directly or through groups.',
          ),
          querystring: Type.Object({
            projectId: Type.Optional(Type.String({ maxLength: 100, description: 'A project id.' })),
          }),
          response: { 200: Type.Array(RoleResponse, { examples: [[exampleRole]] }), ...errorResponses(401) },
        },
      },
      async (request) => {
        const user = await users.findById(signedInUserId(request.principal));
        if (!user) return [];
        const held = [user.rootRole];
        const project = request.query.projectId;
        if (project) held.push(...(await createProjectAccessStore(deps.db).roleIdsOf(user.id, project)));
        const roles = await createRoleStore(deps.db).findByIds(held);
        return roles.map(toRoleResponse);
      },
    );
  };
}
