import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { toGrantList } from '@switchyard/access';
import { actorName, actorUserId } from '../../../http/auth.ts';
import { createRoleStore, rootRoleIdOf } from '../../governance/index.ts';
import { createUserPromptStore } from '../../instance/index.ts';
import { BadDataError, NoAccessError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { PasswordResetService } from '../password-reset/password-reset-service.ts';
import { hashPassword } from './password.ts';
import { newPatSecret, futureDate } from './pat.ts';
import { refuseScimManaged } from '../scim/scim-managed.ts';
import { signedInUserId } from './signed-in.ts';
import { userDirectoryRoutes } from './user-directory-routes.ts';
import { createPatStore } from './pat-store.ts';
import { createUserStore } from './user-store.ts';
import {
  CreatePatBody,
  CreateUserBody,
  CreateUserResponse,
  IdParams,
  MeResponse,
  PatListResponse,
  PatResponse,
  UpdateUserBody,
  UserListResponse,
  UserResponse,
} from './user-schemas.ts';
import { toPatResponse, toUserResponse } from './user-wire.ts';

/** The signed-in user, their personal access tokens, and user administration. */
export function userRoutes(deps: { db: Db; resets: PasswordResetService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(UserResponse);
    app.addSchema(PatResponse);
    await app.register(userDirectoryRoutes({ db: deps.db }));
    const users = createUserStore(deps.db);
    const pats = createPatStore(deps.db);
    const prompts = createUserPromptStore(deps.db);

    app.get(
      '/api/admin/user',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getMe',
            'Who am I?',
            'Returns the signed-in user (or the user of the personal access token) and the permissions of their root role.',
          ),
          response: { 200: MeResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const [user, answered] = await Promise.all([users.findById(userId), prompts.ofUser(userId)]);
        if (!user) throw new NotFoundError('The signed-in user no longer exists');
        return {
          user: toUserResponse(user),
          permissions: toGrantList(request.access!),
          feedback: answered.feedback.map((f) => ({ ...f, given: f.given?.toISOString() ?? null })),
          splash: answered.splash,
        };
      },
    );

    app.get(
      '/api/admin/user/tokens',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Personal access tokens',
            'getPats',
            'List my personal access tokens',
            'Lists the personal access tokens of the signed-in user, without their secrets.',
          ),
          response: { 200: PatListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        pats: (await pats.listForUser(signedInUserId(request.principal))).map((pat) => toPatResponse(pat)),
      }),
    );

    app.post(
      '/api/admin/user/tokens',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Personal access tokens',
            'createPat',
            'Create a personal access token',
            'Creates a token that acts as the signed-in user, with their root role, until it expires (or the password changes). The secret is in this response only. A personal access token cannot create another one (403).',
          ),
          body: CreatePatBody,
          response: { 201: { ...PatResponse, $id: undefined }, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const userId = signedInUserId(request.principal);
        // A token must not outlive itself by minting others: whoever holds one stolen would keep the account.
        if (request.principal?.kind === 'user' && request.principal.viaPat)
          throw new NoAccessError(
            'A personal access token cannot create personal access tokens: sign in to create one',
          );
        const expiresAt = futureDate(request.body.expiresAt);
        const secret = newPatSecret();
        const pat = await pats.insert({ userId, description: request.body.description, secret, expiresAt });
        return reply.status(201).send(toPatResponse(pat, secret));
      },
    );

    app.delete(
      '/api/admin/user/tokens/:id',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Personal access tokens',
            'deletePat',
            'Delete a personal access token',
            "Deletes one of the signed-in user's personal access tokens.",
          ),
          params: IdParams,
          response: { 200: noContent('Deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const deleted = await pats.delete(signedInUserId(request.principal), request.params.id);
        if (!deleted) throw new NotFoundError(`No personal access token with id ${request.params.id}`);
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/user-admin',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe('Users', 'getUsers', 'List users', 'Lists every user with their root role.'),
          response: { 200: UserListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ users: (await users.list()).map(toUserResponse) }),
    );

    app.get(
      '/api/admin/user-admin/:id',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe('Users', 'getUser', 'Get a user', 'Returns one user by id.'),
          params: IdParams,
          response: { 200: { ...UserResponse, $id: undefined }, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const user = await users.findPersonById(request.params.id);
        if (!user) throw new NotFoundError(`No user with id ${request.params.id}`);
        return toUserResponse(user);
      },
    );

    app.post(
      '/api/admin/user-admin',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'createUser',
            'Create a user',
            'Creates a user with a root role (Admin, Editor or Viewer) and, optionally, a password for password sign-in. A username or an email is required. When email is configured and the user has an address, a welcome email with a link to set their password goes out (`emailSent`); that link, or one made because no password was given, is `inviteLink`.',
          ),
          body: CreateUserBody,
          response: { 201: CreateUserResponse, ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!body.username && !body.email) {
          throw new BadDataError('A user needs a username or an email', [
            { message: '"username" or "email" is required', path: '/body/username' },
          ]);
        }
        const rootRole = await rootRoleIdOf(createRoleStore(deps.db), body.rootRole);
        const passwordHash = body.password ? await hashPassword(body.password) : null;
        const user = await inTransaction(deps.db, async (tx) => {
          const created = await createUserStore(tx).insert({
            username: body.username,
            email: body.email,
            name: body.name,
            rootRole,
            passwordHash,
          });
          await createEventStore(tx).append({
            type: 'user-created',
            createdBy: actorName(request.principal),
            createdByUserId: actorUserId(request.principal),
            data: {
              id: created.id,
              username: created.username,
              email: created.email,
              rootRole: created.rootRoleName,
            },
          });
          return created;
        });
        // A link to set a password: emailed when email is configured, else handed to the admin when there is no password.
        const welcome =
          (deps.resets.emails && user.email) || !body.password
            ? await deps.resets.welcome(user, actorOf(request))
            : undefined;
        return reply.status(201).send({
          ...toUserResponse(user),
          emailSent: welcome?.emailSent ?? false,
          ...(welcome && { inviteLink: welcome.link }),
        });
      },
    );

    app.put(
      '/api/admin/user-admin/:id',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe('Users', 'updateUser', 'Update a user', "Changes a user's name, email or root role."),
          params: IdParams,
          body: UpdateUserBody,
          response: { 200: { ...UserResponse, $id: undefined }, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const rootRole =
          request.body.rootRole === undefined
            ? undefined
            : await rootRoleIdOf(createRoleStore(deps.db), request.body.rootRole);
        const user = await inTransaction(deps.db, async (tx) => {
          const store = createUserStore(tx);
          const before = await store.findPersonById(request.params.id);
          if (!before) throw new NotFoundError(`No user with id ${request.params.id}`);
          const { email, name } = request.body;
          if ((email !== undefined && email !== before.email) || (name !== undefined && name !== before.name))
            refuseScimManaged(before, `User ${before.id}`, 'change their name and email');
          const after = await store.update(before.id, {
            email: request.body.email,
            name: request.body.name,
            rootRole,
          });
          await createEventStore(tx).append({
            type: 'user-updated',
            createdBy: actorName(request.principal),
            createdByUserId: actorUserId(request.principal),
            preData: { id: before.id, email: before.email, name: before.name, rootRole: before.rootRoleName },
            data: { id: after.id, email: after.email, name: after.name, rootRole: after.rootRoleName },
          });
          return after;
        });
        return toUserResponse(user);
      },
    );

    app.delete(
      '/api/admin/user-admin/:id',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteUser',
            'Delete a user',
            'Deletes a user: their sessions and personal access tokens stop working at once. Their past changes stay in the event log. A user managed by SCIM is removed in the identity provider instead (403).',
          ),
          params: IdParams,
          response: { 200: noContent('Deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, async (tx) => {
          const store = createUserStore(tx);
          const before = await store.findPersonById(request.params.id);
          if (!before) throw new NotFoundError(`No user with id ${request.params.id}`);
          refuseScimManaged(before, `User ${before.id}`, 'remove them');
          await store.delete(before.id);
          await createEventStore(tx).append({
            type: 'user-deleted',
            createdBy: actorName(request.principal),
            createdByUserId: actorUserId(request.principal),
            preData: {
              id: before.id,
              username: before.username,
              email: before.email,
              rootRole: before.rootRoleName,
            },
          });
        });
        return reply.status(200).send();
      },
    );
  };
}
