import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BadDataError, TooManyRequestsError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createAddressLimit } from './address-limit.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import {
  AdminResetBody,
  AdminResetResponse,
  ResetEmailBody,
  ResetEmailResponse,
  ResetPasswordBody,
  ResetTokenUserResponse,
  ValidatePasswordBody,
  ValidateTokenQuery,
} from './password-reset-schemas.ts';

const UNUSABLE = 'This link cannot be used: it expired, was used already or never existed';

/** Reset emails one client address may ask for per window, across all addresses it types. */
const ASKS_PER_ADDRESS = 10;
const ASK_WINDOW_MS = 15 * 60_000;

/** The password-reset flow of the sign-in page and the admin's "reset password", on Unleash's paths. */
export function passwordResetRoutes(deps: { resets: PasswordResetService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { resets } = deps;
    const asks = createAddressLimit({ max: ASKS_PER_ADDRESS, windowMs: ASK_WINDOW_MS });
    // Reset emails go out after the answer, so its timing says nothing about the address; shutdown waits for them.
    const sending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...sending]);
    });

    app.post(
      '/auth/reset/password-email',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'sendResetPasswordEmail',
            'Email me a password-reset link',
            'Emails a link to set a new password to the user with this address, when there is one and email is configured (EMAIL_HOST). The answer says whether email is configured, and is the same whether or not the address has an account. A user gets at most 3 links in 15 minutes this way, and one client address may ask 10 times in 15 minutes (then 429).',
          ),
          security: [],
          body: ResetEmailBody,
          response: {
            200: {
              ...ResetEmailResponse,
              description: 'Asked; with email configured, an email follows if the address has an account.',
            },
            ...errorResponses(400, 403, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const wait = asks.take(request.ip);
        if (wait > 0)
          throw new TooManyRequestsError('Too many password-reset requests. Try again later.', wait);
        const sent = resets
          .requestByEmail(request.body.email)
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'could not send a password-reset email'),
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
        return reply.status(200).send({ emailEnabled: resets.emails });
      },
    );

    app.get(
      '/auth/reset/validate',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'validateToken',
            'Check a password-reset link',
            'Says whose password the link sets, while it can be used: 400 once it expired or was used.',
          ),
          security: [],
          querystring: ValidateTokenQuery,
          response: { 200: ResetTokenUserResponse, ...errorResponses(400) },
        },
      },
      async (request) => {
        const found = await resets.check(request.query.token);
        if (!found) throw BadDataError.field('/querystring/token', UNUSABLE);
        const { user } = found;
        return {
          id: user.id,
          name: user.name,
          email: user.email,
          username: user.username,
          token: request.query.token,
          createdBy: found.createdBy,
          role: { id: user.rootRole, type: 'root' as const, name: user.rootRoleName },
          purpose: found.purpose,
        };
      },
    );

    app.post(
      '/auth/reset/validate-password',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'validatePassword',
            'Check a new password against the rule',
            'Answers 200 when the password may be used (8 to 200 characters), else 400 naming `password`. Nothing is stored.',
          ),
          security: [],
          body: ValidatePasswordBody,
          response: { 200: noContent('The password may be used.'), ...errorResponses(400, 415) },
        },
      },
      async (_request, reply) => reply.status(200).send(),
    );

    app.post(
      '/auth/reset/password',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'changePassword',
            'Set a new password through a reset link',
            "Sets the password of the link's user. The link, and every other link of that user, stops working, and all of the user's sessions end: they sign in with the new password.",
          ),
          security: [],
          body: ResetPasswordBody,
          response: { 200: noContent('The password is set.'), ...errorResponses(400, 403, 415) },
        },
      },
      async (request, reply) => {
        if (!(await resets.setPassword(request.body.token, request.body.password)))
          throw BadDataError.field('/body/token', UNUSABLE);
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/user-admin/reset-password',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'resetUserPassword',
            'Make a password-reset link for a user',
            "Makes a link with which the user sets a new password; it works once, for 24 hours. When email is configured and the user has an address, it is emailed to them too; otherwise pass it on yourself. The user's current password keeps working until the link is used.",
          ),
          body: AdminResetBody,
          response: { 200: AdminResetResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const issued = await resets.resetBy(request.body.id, actorOf(request));
        return { resetPasswordUrl: issued.link, emailSent: issued.emailSent };
      },
    );
  };
}
