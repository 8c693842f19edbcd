import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { safeRedirectPath } from '../../../http/safe-redirect.ts';
import { createSamlClient, SAML_CALLBACK_PATH, SAML_LOGIN_PATH, SAML_METADATA_PATH } from './saml-client.ts';
import { SAML_REQUEST_MAX_AGE_MS } from './saml-request-store.ts';
import { createSsoSettingsService } from './sso-settings-service.ts';
import { createSsoSignIn, failurePage, type SsoDeps } from './sso-sign-in.ts';
import { cookiePath } from '../users/session-cookie.ts';

const PUBLIC = { auth: { area: 'public' as const } };
const MAX_ANSWER_BYTES = 512 * 1024;

/** The browser's secret of the sign-in it started, which the answer must reply to (decision record 0022). */
const PENDING_COOKIE = 'switchyard-saml';

/**
 * The identity provider's answer arrives as a cross-site POST, which takes SameSite=Lax cookies nowhere. Over HTTPS
 * the cookie is SameSite=None (it only names a sign-in, so going along cross-site is its purpose); SameSite=None needs
 * Secure, so over plain HTTP it has no SameSite at all and browsers apply their default (Chrome's lets it along on a
 * top-level POST within two minutes).
 */
function pendingCookie(request: FastifyRequest, publicUrl: string): CookieSerializeOptions {
  const secure = publicUrl.startsWith('https:') || request.protocol === 'https';
  return {
    path: cookiePath(publicUrl, '/auth/saml'),
    httpOnly: true,
    secure,
    ...(secure ? { sameSite: 'none' as const } : { sameSite: undefined }),
  };
}

/** Single sign-on with SAML 2.0: Switchyard is the service provider, the identity provider signs the assertions. */
export function samlRoutes(deps: SsoDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settingsService = createSsoSettingsService(deps.db, deps.config, deps.secrets);
    const client = createSamlClient(deps.db, deps.config.publicUrl);
    const signIn = createSsoSignIn(deps, 'saml', 303);
    const enabledSaml = async () => {
      const settings = await settingsService.saml();
      if (!settings.enabled)
        throw new NotFoundError('Single sign-on with SAML is not enabled on this server');
      return settings;
    };

    // The identity provider posts its answer as an HTML form (HTTP-POST binding); only this plugin reads forms.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_ANSWER_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get(
      SAML_METADATA_PATH,
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'getSamlMetadata',
            'Get the SAML service provider metadata',
            "Switchyard's SAML 2.0 metadata (entity ID, assertion consumer service URL), for identity providers that import it.",
          ),
          security: [],
          produces: ['application/samlmetadata+xml'],
          response: {
            ...errorResponses(404),
            200: {
              description: 'SAML metadata (XML).',
              type: 'string',
              example:
                '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://switchyard.example.com/auth/saml/metadata">…</EntityDescriptor>',
            },
          },
        },
      },
      async (_request, reply) => {
        const settings = await settingsService.saml();
        // node-saml builds metadata only around an identity provider's certificate; until one is saved, the values
        // to enter at the identity provider are in GET /api/admin/auth/saml/settings.
        if (!settings.certificate)
          throw new NotFoundError(
            "SAML is not set up yet: save the identity provider's certificate first (the SAML settings list Switchyard's entity ID and ACS URL)",
          );
        const metadata = client.metadata(settings);
        return reply.type('application/samlmetadata+xml').send(metadata);
      },
    );

    app.get(
      SAML_LOGIN_PATH,
      {
        config: PUBLIC,
        schema: {
          ...describe(
            'Auth',
            'startSamlSignIn',
            'Start SAML single sign-on',
            'Sends the browser to the identity provider with a sign-in request (HTTP-Redirect binding). Its answer comes back to /auth/saml/callback, then the browser goes on to `redirect`, a path inside Switchyard.',
          ),
          security: [],
          querystring: Type.Object({
            redirect: Type.Optional(
              Type.String({ description: 'Where to land after signing in; default /.' }),
            ),
          }),
          response: {
            302: {
              description: 'To the identity provider, or back to the sign-in page with an error.',
              type: 'null',
            },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const settings = await enabledSaml();
        try {
          const { url, browserSecret } = await client.start(
            settings,
            safeRedirectPath(request.query.redirect),
          );
          reply.setCookie(PENDING_COOKIE, browserSecret, {
            ...pendingCookie(request, deps.config.publicUrl),
            maxAge: SAML_REQUEST_MAX_AGE_MS / 1000,
          });
          return reply.redirect(url, 302);
        } catch (error) {
          request.log.error({ err: error }, 'SAML: could not make a sign-in request');
          return reply.redirect(failurePage('SAML sign-in is not set up correctly. Ask an admin.'), 302);
        }
      },
    );

    app.post(
      SAML_CALLBACK_PATH,
      {
        config: { ...PUBLIC, crossSite: 'allowed' },
        schema: {
          ...describe(
            'Auth',
            'finishSamlSignIn',
            'Finish SAML single sign-on',
            "The assertion consumer service (HTTP-POST binding). Checks the identity provider's answer: the assertion signed with its certificate, issued by the configured identity provider, sent to this URL (Destination, Recipient) for Switchyard's audience, within its times, and replying (once) to the sign-in request that this same browser started at /auth/saml/login, as its cookie shows; answers the identity provider sends on its own are refused. Finds the user by email or creates one with the default root role, syncs groups, sets the session cookie and goes on to the page the sign-in started from.",
          ),
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          body: Type.Object(
            {
              SAMLResponse: Type.String({
                maxLength: MAX_ANSWER_BYTES,
                description: 'The base64 SAML Response.',
              }),
              RelayState: Type.Optional(
                Type.String({ maxLength: 2000, description: 'Where to land: a path.' }),
              ),
            },
            {
              examples: [
                {
                  SAMLResponse:
                    'PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wiIC4uLg==',
                  RelayState: '/projects',
                },
              ],
            },
          ),
          response: {
            303: { description: 'Signed in, or back to the sign-in page with an error.', type: 'null' },
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const settings = await enabledSaml();
        let identity;
        try {
          identity = await client.finish(
            settings,
            request.body as Record<string, string>,
            request.cookies[PENDING_COOKIE],
          );
        } catch (error) {
          request.log.warn({ err: error }, 'SAML: the identity provider answer was refused');
          const reason = error instanceof Error ? error.message : String(error);
          return signIn.refuse(
            request,
            reply,
            null,
            'The sign-in could not be completed. Please try again.',
            `The identity provider answer was refused: ${reason}`.slice(0, 300),
          );
        }
        // Dropped only now: a forged answer posted through this browser must not cancel the sign-in it has under way.
        reply.clearCookie(PENDING_COOKIE, pendingCookie(request, deps.config.publicUrl));
        return signIn.complete(request, reply, identity, settings, request.body.RelayState ?? '/');
      },
    );
  };
}
