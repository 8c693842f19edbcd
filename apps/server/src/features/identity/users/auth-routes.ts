import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import { SESSION_COOKIE } from '../../../http/auth.ts';
import { InvalidOperationError, PasswordMismatch, TooManyRequestsError } from '../../../http/errors.ts';
import { createSsoSettingsStore } from '../sso/sso-settings-store.ts';
import type { LoginRecorder } from '../login-history/login-recorder.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { verifySignIn } from './password.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { sessionClientOf } from '../sessions/session.ts';
import { createSessionStore } from './session-store.ts';
import { createSignInLimit } from './sign-in-limit.ts';
import { createUserStore } from './user-store.ts';
import { LoginBody, UserResponse } from './user-schemas.ts';
import { toUserResponse } from './user-wire.ts';

const WRONG_CREDENTIALS = 'Wrong username or password';

/** Password sign-in with a session cookie, and sign-out. */
export function authRoutes(deps: {
  db: Db;
  config: Config;
  recordLogin: LoginRecorder;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = createUserStore(deps.db);
    const sessions = createSessionStore(deps.db);
    const limit = createSignInLimit(deps.db, deps.config.signInLimits);

    app.post(
      '/auth/simple/login',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'login',
            'Sign in with a username and password',
            'Checks the password and sets the session cookie `switchyard-session` used by the admin UI. After too many wrong passwords for one user name or from one address (SIGN_IN_FAILURES_PER_USER, SIGN_IN_FAILURES_PER_IP), it answers 429 with Retry-After, even to the right password. A sign-in posted from another site is refused with 403, and so is every sign-in while an admin has turned password login off (POST /api/admin/auth/simple/settings).',
          ),
          security: [],
          body: LoginBody,
          response: { 200: { ...UserResponse, $id: undefined }, ...errorResponses(400, 401, 403, 415, 429) },
        },
      },
      async (request, reply) => {
        const username = request.body.username;
        const failed = (failureReason: string) =>
          deps.recordLogin(request, { username, authType: 'simple', successful: false, failureReason });
        if (await createSsoSettingsStore(deps.db).passwordDisabled()) {
          await failed('Password login is disabled');
          throw new InvalidOperationError(
            'Password login is disabled on this server: sign in with single sign-on',
          );
        }
        const found = await users.findForLogin(username);
        const holder = found ? { userId: found.user.id } : { login: username };
        const attempt = await limit.begin(holder, request.ip).catch(async (error: unknown) => {
          if (error instanceof TooManyRequestsError) await failed('Too many wrong passwords');
          throw error;
        });
        // Always one bcrypt comparison, known user or not (see verifySignIn).
        const ok = await verifySignIn(request.body.password, found?.passwordHash);
        if (!found || !ok) {
          // Admins see which it was; the person signing in does not.
          await failed(
            !found ? 'No such user' : found.passwordHash ? 'Wrong password' : 'The user has no password',
          );
          throw new PasswordMismatch(WRONG_CREDENTIALS);
        }
        await attempt.succeeded();
        const session = await sessions.create(
          found.user.id,
          deps.config.sessionMaxAgeHours,
          sessionClientOf(request),
        );
        await users.markSeen(found.user.id);
        await deps.recordLogin(request, { username, authType: 'simple', successful: true });
        setSessionCookie(reply, session, deps.config.publicUrl);
        return toUserResponse(found.user);
      },
    );

    app.post(
      '/auth/logout',
      {
        config: { auth: { area: 'public' } },
        schema: {
          ...describe(
            'Auth',
            'logout',
            'Sign out',
            'Ends the session of the cookie sent with the request and clears the cookie.',
          ),
          security: [],
          response: { 200: noContent('Signed out.'), ...errorResponses(403) },
        },
      },
      async (request, reply) => {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) await sessions.delete(sessionId);
        clearSessionCookie(reply, deps.config.publicUrl);
        return reply.status(200).send();
      },
    );
  };
}
