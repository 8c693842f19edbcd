import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Principal } from '../../../http/auth.ts';
import { BadDataError, TooManyRequestsError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ConversionRecorder } from './conversion-recorder.ts';
import { TrackBody, TrackResponse, type TrackEventWire } from './conversion-schemas.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

/**
 * Where apps report what users did, for experiment metrics: browsers and apps with their frontend token, backends
 * with their client token. Events count for experiments running in the token's environment.
 */
export function conversionRoutes(deps: { conversions: ConversionRecorder }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const accept = (principal: TokenPrincipal, body: TrackEventWire | TrackEventWire[]) => {
      const events = Array.isArray(body) ? body : [body];
      const prefix = Array.isArray(body) ? (i: number) => `/body/${i}` : () => '/body';
      const missing = events.findIndex((each) => !each.userId && !each.sessionId);
      if (missing !== -1) {
        const path = `${prefix(missing)}/userId`;
        throw new BadDataError('Request validation failed: a tracked event needs a userId or a sessionId', [
          { path, message: 'must have userId or sessionId: the user the experiment assigned' },
        ]);
      }
      const accepted = deps.conversions.track(
        events.map((each) => ({
          environment: principal.environment,
          event: each.event,
          user: (each.userId ?? each.sessionId)!,
          value: each.value ?? 1,
        })),
      );
      if (!accepted)
        throw new TooManyRequestsError('Too many tracked events are waiting to be written; retry shortly', 1);
      return { accepted: events.length };
    };

    for (const [prefix, area, who] of [
      ['/api/frontend', 'Frontend API', 'a frontend token'],
      ['/api/client', 'Client', 'a client token'],
    ] as const) {
      app.post(
        `${prefix}/track`,
        {
          schema: {
            ...describe(
              area,
              prefix === '/api/frontend' ? 'trackFrontendEvents' : 'trackClientEvents',
              'Track what users did, for experiments',
              `Records one event or up to 1,000 (\`event\`, \`userId\` or \`sessionId\`, optional \`value\`) with ${who}. An event counts for every experiment running in the token's environment that has a metric on it, once the user has been exposed to that experiment. Accepted events are written within a few seconds.`,
            ),
            body: TrackBody,
            response: { 202: TrackResponse, ...errorResponses(400, 401, 403, 415, 429) },
          },
        },
        async (request, reply) => {
          const result = accept(request.principal as TokenPrincipal, request.body);
          return reply.code(202).send(result);
        },
      );
    }
  };
}
