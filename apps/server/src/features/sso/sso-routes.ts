import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import { inTransaction, type Db } from '../../db/db.ts';
import { NotFoundError } from '../../http/errors.ts';
import { describe, errorResponses } from '../../http/operation.ts';
import { safeRedirectPath } from '../../http/safe-redirect.ts';
import { cookieSecure, setSessionCookie } from '../users/session-cookie.ts';
import { createSessionStore } from '../users/session-store.ts';
import { createUserStore } from '../users/user-store.ts';
import { CALLBACK_PATH, createOidcClient, type PendingSignIn } from './oidc-client.ts';
import { SignInRefused, userForIdentity } from './sso-users.ts';
import { createGroupService } from '../groups/group-service.ts';
import type { LoginRecorder } from '../login-history/login-recorder.ts';

const PENDING_COOKIE = 'switchyard-oidc';
const PENDING_MAX_AGE_SECONDS = 600;
const PUBLIC = { auth: { area: 'public' as const } };

const encodePending = (pending: PendingSignIn) => Buffer.from(JSON.stringify(pending)).toString('base64url');
function decodePending(value: string | undefined): PendingSignIn | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
    const fields = [parsed.state, parsed.nonce, parsed.verifier, parsed.redirect];
    return fields.every((field) => typeof field === 'string') ? (parsed as PendingSignIn) : undefined;
  } catch {
    return undefined;
  }
}

/** Back to the sign-in page with a message it shows. */
const failure = (message: string) => `/?sso-error=${encodeURIComponent(message)}`;

const SignInMethods = Type.Object(
  {
    password: Type.Boolean({ description: 'Username and password sign-in at POST /auth/simple/login.' }),
    oidc: Type.Union([
      Type.Object({
        buttonText: Type.String(),
        path: Type.String({ description: 'Where the button leads.' }),
      }),
      Type.Null(),
    ]),
  },
  {
    examples: [{ password: true, oidc: { buttonText: 'Sign in with Acme SSO', path: '/auth/oidc/login' } }],
  },
);

/** Single sign-on with OpenID Connect: the authorization code flow, ending in the same session as a password. */
export function ssoRoutes(deps: {
  db: Db;
  config: Config;
  recordLogin: LoginRecorder;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settings = deps.config.oidc;
    const client = settings && createOidcClient(settings, deps.config.publicUrl);
    const notConfigured = () => new NotFoundError('Single sign-on is not configured on this server');

    app.get(
      '/auth/methods',
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'getSignInMethods',
            'List sign-in methods',
            'How people can sign in to this server: with a password, and with single sign-on when OIDC_ISSUER is set. The sign-in page asks this before anyone is signed in.',
          ),
          security: [],
          response: { 200: SignInMethods },
        },
      },
      async () => ({
        password: true,
        oidc: settings ? { buttonText: settings.buttonText, path: '/auth/oidc/login' } : null,
      }),
    );

    app.get(
      '/auth/oidc/login',
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'startOidcSignIn',
            'Start single sign-on',
            'Sends the browser to the OpenID Connect provider (authorization code flow with PKCE). After signing in there, it comes back to /auth/oidc/callback and then to `redirect`, a path inside Switchyard.',
          ),
          security: [],
          querystring: Type.Object({
            redirect: Type.Optional(
              Type.String({ description: 'Where to land after signing in; default /.' }),
            ),
          }),
          response: {
            302: { description: 'To the provider, or back to the sign-in page with an error.', type: 'null' },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        if (!client) throw notConfigured();
        try {
          const { url, pending } = await client.start(safeRedirectPath(request.query.redirect));
          reply.setCookie(PENDING_COOKIE, encodePending(pending), {
            path: '/auth/oidc',
            httpOnly: true,
            sameSite: 'lax',
            secure: cookieSecure(deps.config.publicUrl),
            maxAge: PENDING_MAX_AGE_SECONDS,
          });
          return reply.redirect(url, 302);
        } catch (error) {
          request.log.error({ err: error }, 'single sign-on: the provider could not be reached');
          return reply.redirect(failure('The sign-in provider could not be reached. Try again later.'), 302);
        }
      },
    );

    app.get(
      CALLBACK_PATH,
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'finishOidcSignIn',
            'Finish single sign-on',
            'Where the provider sends the browser back. Checks the answer (state, nonce, PKCE, ID token), finds the user by email or creates one with the default root role, sets the session cookie and goes on to the page the sign-in started from.',
          ),
          security: [],
          response: {
            302: { description: 'Signed in, or back to the sign-in page with an error.', type: 'null' },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        if (!client || !settings) throw notConfigured();
        const pending = decodePending(request.cookies[PENDING_COOKIE]);
        reply.clearCookie(PENDING_COOKIE, { path: '/auth/oidc' });
        const query = request.url.slice(
          request.url.indexOf('?') === -1 ? request.url.length : request.url.indexOf('?'),
        );
        const params = new URLSearchParams(query);
        let username: string | null = null;
        const refuse = async (message: string, failureReason = message) => {
          await deps.recordLogin(request, { username, authType: 'oidc', successful: false, failureReason });
          return reply.redirect(failure(message), 302);
        };
        if (params.get('error')) {
          const reason = params.get('error_description') ?? params.get('error')!;
          return refuse(`The provider did not sign you in: ${reason}`);
        }
        if (!pending)
          return refuse('The sign-in took too long or started in another browser. Please try again.');
        try {
          const identity = await client.finish(query, pending);
          username = identity.email ?? null;
          const user = await userForIdentity(deps.db, identity, settings);
          if (identity.groups) {
            const groups = identity.groups;
            await inTransaction(deps.db, (tx) =>
              createGroupService(tx).syncSsoGroups(user.id, groups, { name: 'sso-sync', userId: null }),
            );
          }
          const session = await createSessionStore(deps.db).create(user.id, deps.config.sessionMaxAgeHours);
          await createUserStore(deps.db).markSeen(user.id);
          await deps.recordLogin(request, { username, authType: 'oidc', successful: true });
          setSessionCookie(reply, session, deps.config.publicUrl);
          // Checked again: the pending cookie comes back from the browser, which may not be the one we sent.
          return reply.redirect(safeRedirectPath(pending.redirect), 302);
        } catch (error) {
          if (error instanceof SignInRefused) return refuse(error.message);
          request.log.warn({ err: error }, 'single sign-on: the provider answer was refused');
          return refuse(
            'The sign-in could not be completed. Please try again.',
            'The provider answer was refused (see the server log)',
          );
        }
      },
    );
  };
}
