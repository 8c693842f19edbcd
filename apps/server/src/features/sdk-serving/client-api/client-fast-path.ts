import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrincipalResolver } from '../../../http/auth.ts';
import { fastPathCounter } from '../../instance/index.ts';
import { createPayloadHeaders } from '../serving/serving-payload.ts';
import { resolveClientQuery } from './client-query.ts';
import type { CachedPayload, ClientStateCache } from './client-state-cache.ts';

const ROUTE = '/api/client/features';
const MAX_ENTRIES = 10_000;
const countOk = fastPathCounter('GET', ROUTE, 200);
const countNotModified = fastPathCounter('GET', ROUTE, 304);

/** `ready` is the payload once built: the polls after the first are answered without waiting for a promise. */
type Entry = { generation: number; payload: Promise<CachedPayload>; ready?: CachedPayload };
const GZIP = /\bgzip\b/;

/**
 * The hottest request of all, an SDK polling `GET /api/client/features` with a token already seen, answered straight
 * from Node's HTTP server: no routing, hooks or schema work, just a lookup and a write of the prepared payload (or a
 * 304). Anything else (a query string, an unknown token, another route) returns false and goes through Fastify,
 * which gives the same answer the slow way and fills the caches this path reads.
 */
export function createClientFastPath(deps: {
  cache: ClientStateCache;
  resolver: PrincipalResolver;
  /** The security headers every response carries (http/security-headers.ts), prepared once. */
  headers: Record<string, string>;
}) {
  const entries = new Map<string, Entry>();
  const headersOf = createPayloadHeaders(deps.headers);

  const entryFor = (secret: string, spec: string | undefined): Entry | undefined => {
    // Checked on every request, not memoised: a deleted or expired token must stop working at once.
    const principal = deps.resolver.cachedToken(secret);
    if (principal?.kind !== 'token' || principal.type !== 'client') return undefined;
    const key = `${secret}\n${spec ?? ''}`;
    const cached = entries.get(key);
    if (cached && cached.generation === deps.cache.generation) return cached;
    let query;
    try {
      query = resolveClientQuery(principal, {}, spec);
    } catch {
      return undefined; // a bad Unleash-Client-Spec header: Fastify answers with the 400
    }
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const entry: Entry = { generation: deps.cache.generation, payload: deps.cache.payload(query) };
    entry.payload.then(
      (ready) => (entry.ready = ready),
      () => undefined, // answered by Fastify, request by request (below)
    );
    entries.set(key, entry);
    return entry;
  };

  const write = (request: IncomingMessage, response: ServerResponse, payload: CachedPayload) => {
    const headers = headersOf(payload);
    if (request.headers['if-none-match'] === payload.etag) {
      response.writeHead(304, headers.notModified).end();
      return countNotModified();
    }
    if (GZIP.test(request.headers['accept-encoding'] ?? ''))
      response.writeHead(200, headers.gzip()).end(payload.gzip());
    else response.writeHead(200, headers.json).end(payload.json);
    countOk();
  };

  /** Answers the request and returns true, or returns false and leaves it untouched for Fastify. */
  return (
    request: IncomingMessage,
    response: ServerResponse,
    fallback: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean => {
    if (request.method !== 'GET' || request.url !== ROUTE) return false;
    const authorization = request.headers.authorization;
    if (!authorization) return false;
    const secret = authorization.replace(/^bearer\s+/i, '').trim();
    const spec = request.headers['unleash-client-spec'];
    const entry = entryFor(secret, Array.isArray(spec) ? spec[0] : spec);
    if (!entry) return false;
    if (entry.ready) {
      write(request, response, entry.ready);
      return true;
    }
    // A failed build (say the database is down) is Fastify's to answer, in the one error format.
    entry.payload.then(
      (ready) => write(request, response, ready),
      () => fallback(request, response),
    );
    return true;
  };
}

export type ClientFastPath = ReturnType<typeof createClientFastPath>;
