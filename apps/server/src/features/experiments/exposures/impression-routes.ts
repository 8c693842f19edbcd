import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Principal } from '../../../http/auth.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ExposurePort } from '../../sdk-serving/index.ts';
import { ImpressionBody, ImpressionResponse } from './impression-schemas.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

/**
 * For SDKs that evaluate locally (unleash-client and the other server SDKs): the server never sees who got which
 * variant, so the app forwards the SDK's impression events here, in one line:
 * `unleash.on('impression', (event) => fetch(url, { method: 'POST', headers, body: JSON.stringify(event) }))`.
 */
export function impressionRoutes(deps: { exposures: ExposurePort }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/client/impressions',
      {
        schema: {
          ...describe(
            'Client',
            'forwardImpressions',
            'Forward impression events for experiments',
            "Takes one impression event, or up to 1,000, as the official server SDKs emit them (`impressionData` on the flag). A `getVariant` event of an enabled variant of a flag with a running experiment in the token's environment is that user's exposure (the first one counts); everything else is accepted and ignored.",
          ),
          body: ImpressionBody,
          response: { 202: ImpressionResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const { environment } = request.principal as TokenPrincipal;
        const events = Array.isArray(request.body) ? request.body : [request.body];
        let recorded = 0;
        if (deps.exposures.watching(environment))
          for (const event of events) {
            const user = event.context.userId ?? event.context.sessionId;
            if (event.eventType !== 'getVariant' || !event.enabled || !event.variant || !user) continue;
            if (deps.exposures.saw(environment, user, event.featureName, event.variant)) recorded++;
          }
        return reply.code(202).send({ recorded });
      },
    );
  };
}
