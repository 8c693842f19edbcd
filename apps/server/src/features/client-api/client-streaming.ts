import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { describe, errorResponses, noContent } from '../../http/operation.ts';
import { diffStates, toSentState, type DeltaEvent } from './client-delta.ts';
import type { ClientFeature, EnvironmentState } from './client-feature.ts';
import { resolveClientQuery, type ClientQuery, type ClientQueryString } from './client-query.ts';
import { ClientFeaturesQuery } from './client-schemas.ts';
import type { ClientStateCache } from './client-state-cache.ts';

const HEARTBEAT_MS = 15_000;
/** Changes arriving close together go out as one update. */
const COALESCE_MS = 50;

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
  selectFeatures: (state: EnvironmentState, query: ClientQuery) => ClientFeature[];
};

/** The delta API and server-sent events: SDKs that support them get changes pushed instead of polling. */
export function clientStreamingRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    /** Open streams, ended together before the server closes (one hook for all, registered once, not per stream). */
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });
    const snapshot = async (query: ClientQuery) => {
      const state = await deps.cache.state(query.environment);
      return { state, features: deps.selectFeatures(state, query) };
    };
    const hydration = (state: EnvironmentState, features: ClientFeature[]): DeltaEvent => ({
      eventId: state.revisionId,
      type: 'hydration',
      features,
      segments: state.segments,
    });

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
        const { state, features } = await snapshot(query);
        const etag = `"${state.revisionId}"`;
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.header('etag', etag).send({ events: [hydration(state, features)] });
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
        const send = (event: string, id: number, data: unknown) =>
          out.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
        send('unleash-connected', first.state.revisionId, {
          events: [hydration(first.state, first.features)],
        });
        let sent = toSentState(first.features, first.state.segments);
        let pending: NodeJS.Timeout | undefined;

        const push = async () => {
          pending = undefined;
          try {
            const next = await snapshot(query);
            const { events, after } = diffStates(
              sent,
              next.features,
              next.state.segments,
              next.state.revisionId,
            );
            sent = after;
            if (events.length) send('unleash-updated', next.state.revisionId, { events });
          } catch (error) {
            request.log.warn({ err: error }, 'streaming update failed');
          }
        };
        const unsubscribe = deps.cache.onChange(() => {
          pending ??= setTimeout(() => void push(), COALESCE_MS);
        });
        const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const close = () => {
          open.delete(end);
          unsubscribe();
          clearInterval(heartbeat);
          if (pending) clearTimeout(pending);
        };
        // On shutdown: end the stream and drop its socket, so the server need not wait for the SDK to hang up.
        const end = () => {
          close();
          out.end(() => request.raw.socket.destroy());
        };
        open.add(end);
        request.raw.on('close', close);
      },
    );
  };
}
