import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEdgeHandler } from '../../../edge/edge-http.ts';
import { createEdgeTokens } from '../../../edge/edge-tokens.ts';
import type { Callers } from '../../../http/caller.ts';
import { corsOptionsFor, corsResponseHeaders, type ApiCors } from '../../../http/cors.ts';
import { fastPathCounter } from '../../instance/index.ts';
import type { ExposurePort } from './exposure-port.ts';
import { createServingAnswers } from './serving-answers.ts';
import type { ServingState } from './serving-state.ts';
import { sdkRouteOf } from './sdk-routes.ts';
import type { SdkTokenLookup } from './sdk-tokens.ts';
import type { ServedToken } from './token-scope.ts';

/** As the principal resolver: a token known for longer than this is looked up again. */
const TOKEN_MAX_AGE_MS = 60_000;

const counters = new Map<string, () => void>();
function count(method: string, route: string, status: number): void {
  const key = `${method} ${route} ${status}`;
  let counter = counters.get(key);
  if (!counter) counters.set(key, (counter = fastPathCounter(method, route, status)));
  counter();
}

/**
 * SDK requests answered straight from Node's HTTP server with the edge's serving code (edge/edge-http.ts), from a
 * serving state: in a single server process for the Frontend API and OFREP, and in every worker process
 * (cluster/) for all the SDK endpoints. Each answer carries the security and CORS headers Fastify would add.
 * `handle` returns false for a request it does not serve; anything it cannot answer exactly (an unknown token,
 * one of another type, a `*` environment) goes to `unserved` before its body is read.
 */
export function createSdkHandler(deps: {
  serving: ServingState;
  /** The state key that serves a token, once that state is in memory. */
  keyFor: (token: ServedToken) => Promise<string | undefined>;
  lookUpTokens: SdkTokenLookup;
  /** Which SDK routes to answer (sdk-routes.ts). */
  routes: ReadonlySet<string>;
  unserved: (request: IncomingMessage, response: ServerResponse) => void;
  securityHeaders: Record<string, string>;
  apiCors: ApiCors;
  frontendOrigins: () => string[] | Promise<string[]>;
  /** Who sent a request, decided as for Fastify's `request.ip` (http/caller.ts). */
  callers: Callers;
  log: (level: 'info' | 'warn', message: string) => void;
  /** Where evaluations report exposures for experiments (features/experiments), in a single server process. */
  exposures?: ExposurePort;
}) {
  // Requests handed on are counted where they are answered (Fastify, or the primary).
  const handedOn = new WeakSet<IncomingMessage>();
  const tokens = createEdgeTokens({ upstream: { validate: deps.lookUpTokens }, maxAgeMs: TOKEN_MAX_AGE_MS });
  const handler = createEdgeHandler({
    answers: createServingAnswers(deps.serving, deps.exposures),
    tokens,
    sync: { keyFor: (token) => deps.keyFor(token) },
    ready: () => true,
    log: deps.log,
    unserved: (request, response) => {
      handedOn.add(request);
      deps.unserved(request, response);
    },
    ip: (request) => deps.callers(request).ip,
  });

  const answer = async (request: IncomingMessage, response: ServerResponse, route: string) => {
    const origins = await deps.frontendOrigins();
    for (const [name, value] of Object.entries(deps.securityHeaders)) response.setHeader(name, value);
    const cors = corsResponseHeaders(
      corsOptionsFor(request.url, origins, deps.apiCors),
      request.headers.origin,
    );
    for (const [name, value] of Object.entries(cors)) response.setHeader(name, value);
    response.once('finish', () => {
      if (!handedOn.has(request)) count(request.method!, route, response.statusCode);
    });
    await handler.handle(request, response);
  };

  return {
    handle(request: IncomingMessage, response: ServerResponse): boolean {
      const route = sdkRouteOf(request.method, request.url);
      if (!route || !deps.routes.has(route)) return false;
      answer(request, response, route).catch((error: Error) => {
        deps.log('warn', `SDK request failed: ${error.stack ?? error.message}`);
        if (!response.headersSent) response.writeHead(500).end();
      });
      return true;
    },
    /** Forget every token: after any change, as the principal resolver does. */
    forgetTokens: () => tokens.forget(),
    streams: handler.streams,
  };
}

export type SdkHandler = ReturnType<typeof createSdkHandler>;
