import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { resolveClientQuery, type ClientQuery, type ClientQueryString } from './client-query.ts';
import { ClientFeaturesQuery } from './client-schemas.ts';
import type { ClientStateCache } from './client-state-cache.ts';
import { hydration } from './client-stream-session.ts';
import { responseTarget, type ClientStreams } from './client-streams.ts';

const DeltaResponse = Type.Object(
  {
    events: Type.Array(
      Type.Object({ eventId: Type.Integer(), type: Type.String() }, { additionalProperties: true }),
    ),
  },
  { examples: [{ events: [{ eventId: 42, type: 'hydration', features: [], segments: [] }] }] },
);

type Deps = {
  cache: ClientStateCache;
  /** Holds each open stream: its heartbeat, its updates on change, and its end on app close. */
  streams: ClientStreams;
};

/** The delta API and server-sent events: SDKs that support them get changes pushed instead of polling. */
export function clientStreamingRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const snapshot = (query: ClientQuery) => deps.cache.selection(query);

    app.get(
      '/api/client/delta',
      {
        schema: {
          ...describe(
            'Client',
            'getDelta',
            'Get flag changes as events',
            'The delta API: the first call returns a hydration event with the whole state and an ETag holding the revision; later calls with that ETag in If-None-Match get 304 until something changes, then the new state.',
          ),
          querystring: ClientFeaturesQuery,
          response: {
            200: DeltaResponse,
            304: noContent('No change since the revision in If-None-Match.'),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const query = {
          ...resolveClientQuery(request.principal!, request.query as ClientQueryString, '5.2.0'),
        };
        const selection = await snapshot(query);
        const etag = `"${selection.revisionId}"`;
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.header('etag', etag).send({ events: [hydration(selection)] });
      },
    );

    app.get(
      '/api/client/streaming',
      {
        schema: {
          ...describe(
            'Client',
            'streamClientFeatures',
            'Stream flag changes (server-sent events)',
            'Keeps the connection open and pushes `unleash-connected` with the whole state, then `unleash-updated` with the changed and removed flags and segments within a second of any change. Unleash sells streaming; Switchyard includes it.',
          ),
          querystring: ClientFeaturesQuery,
          produces: ['text/event-stream'],
          response: {
            200: {
              description: 'An event stream.',
              type: 'string',
              examples: ['event: unleash-connected\ndata: {"events":[…]}\n\n'],
            },
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const query = resolveClientQuery(request.principal!, request.query as ClientQueryString, '5.2.0');
        const first = await snapshot(query);
        reply.hijack();
        const out = reply.raw;
        out.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        const remove = deps.streams.add(
          JSON.stringify(query),
          first,
          () => snapshot(query),
          responseTarget(out),
        );
        out.on('close', remove);
        // The SDK may have gone while the first snapshot loaded; then no 'close' is coming.
        if (request.raw.socket.destroyed) remove();
      },
    );
  };
}
