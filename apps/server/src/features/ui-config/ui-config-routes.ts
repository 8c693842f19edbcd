import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import { describe, errorResponses } from '../../http/operation.ts';

const UiConfigResponse = Type.Object(
  {
    unleashUrl: Type.String({ description: "Switchyard's address as browsers reach it (PUBLIC_URL)." }),
    baseUriPath: Type.String({ description: 'The path Switchyard is served under; always empty.' }),
    emailEnabled: Type.Boolean({
      description:
        'Whether Switchyard sends email (EMAIL_HOST is set): welcome and password-reset links go out by email; otherwise the admin UI shows them to copy.',
    }),
  },
  { examples: [{ unleashUrl: 'https://flags.example.com', baseUriPath: '', emailEnabled: true }] },
);

/** What the admin UI needs to know about this server's configuration, as Unleash's ui-config names it. */
export function uiConfigRoutes(deps: { config: Config }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/admin/ui-config',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'getUiConfig',
            'Get the admin UI configuration',
            "The server's settings the admin UI adapts to, such as whether email is configured.",
          ),
          response: { 200: UiConfigResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({
        unleashUrl: deps.config.publicUrl,
        baseUriPath: '',
        emailEnabled: deps.config.email !== undefined,
      }),
    );
  };
}
