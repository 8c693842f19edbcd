import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/db.ts';
import { actorName, actorUserId, SESSION_COOKIE } from '../../../http/auth.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSessionStore } from './session-store.ts';
import { signedInUserId } from './signed-in.ts';
import { createSignInLimit } from './sign-in-limit.ts';
import { ChangeMyPasswordBody, ChangeUserPasswordBody, IdParams } from './user-schemas.ts';
import { createUserStore } from './user-store.ts';

/**
 * Passwords: you change your own (with the current one, and your other sessions end); an Admin sets anyone's,
 * which ends all of that user's sessions. Neither records the password, not even hashed, in the event log.
 */
export function passwordRoutes(deps: { db: Db; config: Config }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const limit = createSignInLimit(deps.db, deps.config.signInLimits);
    app.post(
      '/api/admin/user/change-password',
      {
        // Every signed-in user may change their own password, Viewers included.
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'changeMyPassword',
            'Change your password',
            'Changes the password of the signed-in user. `oldPassword` is required when you have a password; `confirmPassword`, when given, must equal `password`. Your other sessions and your personal access tokens end; this session stays signed in. Wrong current passwords count towards the sign-in limit, like wrong passwords at sign-in (429).',
          ),
          body: ChangeMyPasswordBody,
          response: { 200: noContent('Changed.'), ...errorResponses(400, 401, 403, 415, 429) },
        },
      },
      async (request, reply) => {
        const userId = signedInUserId(request.principal);
        if (!(await createUserStore(deps.db).findPersonById(userId)))
          throw new BadDataError('A service account has no password: it acts through its tokens');
        const { password, oldPassword, confirmPassword } = request.body;
        if (confirmPassword !== undefined && confirmPassword !== password) {
          throw new BadDataError('The new password and its confirmation differ', [
            { message: '"confirmPassword" must equal "password"', path: '/body/confirmPassword' },
          ]);
        }
        const current = await createUserStore(deps.db).passwordHashOf(userId);
        if (current) {
          // A stolen session must not become a way to guess the password, which also opens other sessions.
          const attempt = await limit.begin({ userId }, request.ip);
          if (!(oldPassword !== undefined && (await verifyPassword(oldPassword, current)))) {
            throw new BadDataError('The current password is wrong', [
              { message: '"oldPassword" must be your current password', path: '/body/oldPassword' },
            ]);
          }
          await attempt.succeeded();
        }
        const passwordHash = await hashPassword(password);
        await inTransaction(deps.db, async (tx) => {
          await createUserStore(tx).setPasswordHash(userId, passwordHash);
          await createSessionStore(tx).endAllOf(userId, request.cookies?.[SESSION_COOKIE]);
        });
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/user-admin/:id/change-password',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'changeUserPassword',
            "Set a user's password",
            "Sets another user's password, for example when they forgot theirs. All of that user's sessions and personal access tokens end.",
          ),
          params: IdParams,
          body: ChangeUserPasswordBody,
          response: { 200: noContent('Changed.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const passwordHash = await hashPassword(request.body.password);
        await inTransaction(deps.db, async (tx) => {
          const user = await createUserStore(tx).findPersonById(id);
          if (!user) throw new NotFoundError(`No user with id ${id}`);
          await createUserStore(tx).setPasswordHash(id, passwordHash);
          await createSessionStore(tx).endAllOf(id);
          await createEventStore(tx).append({
            type: 'user-password-reset',
            createdBy: actorName(request.principal),
            createdByUserId: actorUserId(request.principal),
            data: { id: user.id, username: user.username, email: user.email },
          });
        });
        return reply.status(200).send();
      },
    );
  };
}
