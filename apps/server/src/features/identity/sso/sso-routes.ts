import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { safeRedirectPath } from '../../../http/safe-redirect.ts';
import { cookiePath, cookieSecure } from '../users/session-cookie.ts';
import { CALLBACK_PATH, createOidcClient, type OidcClient, type PendingSignIn } from './oidc-client.ts';
import { createSignInMethods } from './sign-in-methods.ts';
import type { OidcSettings } from './sso-settings.ts';
import { createSsoSettingsService } from './sso-settings-service.ts';
import { createSsoSignIn, failurePage, type SsoDeps } from './sso-sign-in.ts';

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

const SignInButton = Type.Union([
  Type.Object({
    buttonText: Type.String(),
    path: Type.String({ description: 'Where the button leads.' }),
  }),
  Type.Null(),
]);

const SignInMethods = Type.Object(
  {
    password: Type.Boolean({
      description:
        'Username and password sign-in at POST /auth/simple/login; false when an admin turned it off.',
    }),
    oidc: SignInButton,
    saml: SignInButton,
  },
  {
    examples: [
      {
        password: true,
        oidc: { buttonText: 'Sign in with Acme SSO', path: '/auth/oidc/login' },
        saml: null,
      },
    ],
  },
);

/** Single sign-on with OpenID Connect: the authorization code flow, ending in the same session as a password. */
export function ssoRoutes(deps: SsoDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settingsService = createSsoSettingsService(deps.db, deps.config, deps.secrets);
    const signInMethods = createSignInMethods(settingsService, deps.config.basePath);
    const signIn = createSsoSignIn(deps, 'oidc');
    // The client keeps the provider's discovered metadata; a change of settings (from any process) makes a new one.
    let cached: { key: string; client: OidcClient } | undefined;
    const clientFor = (settings: OidcSettings): OidcClient => {
      const key = JSON.stringify(settings);
      if (cached?.key !== key) cached = { key, client: createOidcClient(settings, deps.config.publicUrl) };
      return cached.client;
    };
    const enabledOidc = async () => {
      const settings = await settingsService.oidc();
      if (!settings.enabled)
        throw new NotFoundError('Single sign-on with OIDC is not enabled on this server');
      return settings;
    };

    app.get(
      '/auth/methods',
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'getSignInMethods',
            'List sign-in methods',
            'How people can sign in to this server: with a password unless an admin turned it off, and with single sign-on (OIDC, SAML) where enabled. The sign-in page asks this before anyone is signed in.',
          ),
          security: [],
          response: { 200: SignInMethods },
        },
      },
      async () => signInMethods.methods(),
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
        const client = clientFor(await enabledOidc());
        try {
          const { url, pending } = await client.start(safeRedirectPath(request.query.redirect));
          reply.setCookie(PENDING_COOKIE, encodePending(pending), {
            path: cookiePath(deps.config.publicUrl, '/auth/oidc'),
            httpOnly: true,
            sameSite: 'lax',
            secure: cookieSecure(deps.config.publicUrl),
            maxAge: PENDING_MAX_AGE_SECONDS,
          });
          return reply.redirect(url, 302);
        } catch (error) {
          request.log.error({ err: error }, 'single sign-on: the provider could not be reached');
          return reply.redirect(
            failurePage('The sign-in provider could not be reached. Try again later.'),
            302,
          );
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
        const settings = await enabledOidc();
        const client = clientFor(settings);
        const pending = decodePending(request.cookies[PENDING_COOKIE]);
        reply.clearCookie(PENDING_COOKIE, { path: cookiePath(deps.config.publicUrl, '/auth/oidc') });
        const query = request.url.slice(
          request.url.indexOf('?') === -1 ? request.url.length : request.url.indexOf('?'),
        );
        const params = new URLSearchParams(query);
        let username: string | null = null;
        const refuse = (message: string, failureReason = message) =>
          signIn.refuse(request, reply, username, message, failureReason);
        if (params.get('error')) {
          const reason = params.get('error_description') ?? params.get('error')!;
          return refuse(`The provider did not sign you in: ${reason}`);
        }
        if (!pending)
          return refuse('The sign-in took too long or started in another browser. Please try again.');
        try {
          const identity = await client.finish(query, pending);
          username = identity.email ?? null;
          return await signIn.complete(request, reply, identity, settings, pending.redirect);
        } catch (error) {
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
