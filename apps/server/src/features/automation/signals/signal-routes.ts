import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { authorizationSecret } from '../../../http/auth.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { parseDateFilter } from '../../flag-model/events/event-filter.ts';
import type { Signal, SignalEndpoint, SignalEndpointToken } from './signal.ts';
import {
  CreatedTokenResponse,
  EndpointIdParams,
  EndpointNameParams,
  EndpointSignalsResponse,
  PageQuery,
  SignalAcceptedResponse,
  SignalBody,
  SignalEndpointBody,
  SignalEndpointListResponse,
  SignalEndpointResponse,
  SignalEndpointTokenResponse,
  SignalListResponse,
  SignalQuery,
  TokenBody,
  TokenListResponse,
  TokenParams,
} from './signal-schemas.ts';
import { createSignalService, type SignalLimits, SignalRuleError } from './signal-service.ts';

/** Bodies a signal endpoint takes: Unleash's limit. */
export const SIGNAL_BODY_LIMIT = 100 * 1024;

const toTokenResponse = (token: SignalEndpointToken) => ({
  ...token,
  createdAt: token.createdAt.toISOString(),
});
const toEndpointResponse = ({
  endpoint,
  tokens,
}: {
  endpoint: SignalEndpoint;
  tokens: SignalEndpointToken[];
}) => ({
  ...endpoint,
  createdAt: endpoint.createdAt.toISOString(),
  tokens: tokens.map(toTokenResponse),
});
const toSignalResponse = ({ tokenId: _tokenId, ...signal }: Signal) => ({
  ...signal,
  createdAt: signal.createdAt.toISOString(),
});

async function naming<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SignalRuleError) throw BadDataError.field(`/body/${error.field}`, error.message);
    throw error;
  }
}

const response = (description: string) => ({ ...SignalEndpointResponse, description });
const AREA = 'Addons';

/** Signal endpoints (/api/admin/signal-endpoints), the signal log, and the endpoint outside systems call. */
export function signalRoutes(deps: {
  db: Db;
  limits: SignalLimits;
  publicUrl: string;
  /** Called after a signal is stored, so it is acted on at once. */
  onSignal: () => void;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createSignalService(deps.db, deps.limits);
    const urlOf = (name: string) => `${deps.publicUrl.replace(/\/$/, '')}/api/signal-endpoint/${name}`;
    const admin = { auth: { permission: 'ADMIN' as const } };

    app.get(
      '/api/admin/signal-endpoints',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getSignalEndpoints',
            'List signal endpoints',
            'Every signal endpoint with its tokens (never their secrets).',
          ),
          response: { 200: SignalEndpointListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ signalEndpoints: (await service.list()).map(toEndpointResponse) }),
    );

    app.post(
      '/api/admin/signal-endpoints',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'createSignalEndpoint',
            'Create a signal endpoint',
            'Creates an endpoint that outside systems post signals to; the answer gives its URL. Add a token to call it.',
          ),
          body: SignalEndpointBody,
          response: {
            201: response('The new endpoint, with its URL.'),
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const endpoint = await naming(service.create(request.body, actorOf(request)));
        return reply
          .status(201)
          .send({ ...toEndpointResponse({ endpoint, tokens: [] }), url: urlOf(endpoint.name) });
      },
    );

    app.put(
      '/api/admin/signal-endpoints/:id',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'updateSignalEndpoint',
            'Update a signal endpoint',
            "Changes an endpoint's name, description or whether it is enabled.",
          ),
          params: EndpointIdParams,
          body: SignalEndpointBody,
          response: {
            200: response('The endpoint after the change.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) => {
        await naming(service.update(request.params.id, request.body, actorOf(request)));
        return toEndpointResponse(await service.get(request.params.id));
      },
    );

    app.delete(
      '/api/admin/signal-endpoints/:id',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'deleteSignalEndpoint',
            'Delete a signal endpoint',
            'Deletes an endpoint with its tokens, its signals and the action sets that listen to it.',
          ),
          params: EndpointIdParams,
          response: { 200: noContent('The endpoint was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.delete(request.params.id, actorOf(request));
        return reply.status(200).send();
      },
    );

    for (const [state, enabled] of [
      ['on', true],
      ['off', false],
    ] as const) {
      app.post(
        `/api/admin/signal-endpoints/:id/${state}`,
        {
          config: admin,
          schema: {
            ...describe(
              AREA,
              enabled ? 'enableSignalEndpoint' : 'disableSignalEndpoint',
              enabled ? 'Enable a signal endpoint' : 'Disable a signal endpoint',
              enabled
                ? 'The endpoint accepts signals again.'
                : 'The endpoint answers 404 to every call until it is enabled again.',
            ),
            params: EndpointIdParams,
            response: { 200: noContent('Done.'), ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          await service.setEnabled(request.params.id, enabled, actorOf(request));
          return reply.status(200).send();
        },
      );
    }

    app.get(
      '/api/admin/signal-endpoints/:id/signals',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getSignalEndpointSignals',
            "A signal endpoint's signals",
            'The signals the endpoint received, newest first, with what each sent.',
          ),
          params: EndpointIdParams,
          querystring: PageQuery,
          response: { 200: EndpointSignalsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await service.get(request.params.id);
        const { signals } = await service.signals({
          endpointId: request.params.id,
          limit: request.query.limit ?? 50,
          offset: request.query.offset ?? 0,
        });
        return { signalEndpointSignals: signals.map(toSignalResponse) };
      },
    );

    app.get(
      '/api/admin/signal-endpoints/:id/tokens',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getSignalEndpointTokens',
            "A signal endpoint's tokens",
            'The tokens of one endpoint, without their secrets.',
          ),
          params: EndpointIdParams,
          response: { 200: TokenListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        signalEndpointTokens: (await service.tokens(request.params.id)).map(toTokenResponse),
      }),
    );

    app.post(
      '/api/admin/signal-endpoints/:id/tokens',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'createSignalEndpointToken',
            'Create a signal endpoint token',
            'Makes a token for the endpoint. Its secret is in this answer only: Switchyard keeps just its hash.',
          ),
          params: EndpointIdParams,
          body: TokenBody,
          response: { 201: CreatedTokenResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { token, secret } = await naming(
          service.createToken(request.params.id, request.body.name, actorOf(request)),
        );
        return reply.status(201).send({ ...toTokenResponse(token), token: secret });
      },
    );

    app.put(
      '/api/admin/signal-endpoints/:id/tokens/:tokenId',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'updateSignalEndpointToken',
            'Rename a signal endpoint token',
            "Changes a token's name; its secret stays.",
          ),
          params: TokenParams,
          body: TokenBody,
          response: {
            200: { ...SignalEndpointTokenResponse, description: 'The token after the change.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        toTokenResponse(
          await service.renameToken(
            request.params.id,
            request.params.tokenId,
            request.body.name,
            actorOf(request),
          ),
        ),
    );

    app.delete(
      '/api/admin/signal-endpoints/:id/tokens/:tokenId',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'deleteSignalEndpointToken',
            'Delete a signal endpoint token',
            'Deletes a token: calls with its secret are refused from now on.',
          ),
          params: TokenParams,
          response: { 200: noContent('The token was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.deleteToken(request.params.id, request.params.tokenId, actorOf(request));
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/signals',
      {
        config: admin,
        schema: {
          ...describe(
            AREA,
            'getSignals',
            'The signal log',
            'Signals of every endpoint, newest first, with the endpoint each was sent to.',
          ),
          querystring: SignalQuery,
          response: { 200: SignalListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { from, to } = request.query;
        const { signals, total } = await service.signals({
          from: parseDateFilter(from, 'from'),
          to: parseDateFilter(to, 'to'),
          limit: request.query.limit ?? 50,
          offset: request.query.offset ?? 0,
        });
        const endpoints = new Map((await service.list()).map(({ endpoint }) => [endpoint.id, endpoint]));
        return {
          signals: signals.map((signal) => ({
            ...toSignalResponse(signal),
            sourceName: endpoints.get(signal.sourceId)?.name ?? null,
            sourceDescription: endpoints.get(signal.sourceId)?.description ?? null,
          })),
          total,
        };
      },
    );

    app.post(
      '/api/signal-endpoint/:name',
      {
        // Not an admin call: the endpoint's own token is checked by the service, not by the auth hook.
        config: { auth: { area: 'public' } },
        bodyLimit: SIGNAL_BODY_LIMIT,
        schema: {
          ...describe(
            AREA,
            'callSignalEndpoint',
            'Send a signal',
            'Stores a signal for the endpoint `name`, sent with one of its tokens as `Authorization: Bearer <token>`. The body is any JSON object up to 100 kB, or none. Action sets listening to the endpoint act on it within seconds. Unknown or disabled endpoints answer 404; each endpoint takes a limited number of signals per second (429).',
          ),
          params: EndpointNameParams,
          body: SignalBody,
          response: { 202: SignalAcceptedResponse, ...errorResponses(400, 401, 404, 415, 429) },
        },
      },
      async (request, reply) => {
        const signal = await service.receive(
          request.params.name,
          authorizationSecret(request),
          request.body ?? null,
        );
        deps.onSignal();
        return reply.status(202).send({ id: signal.id });
      },
    );
  };
}
