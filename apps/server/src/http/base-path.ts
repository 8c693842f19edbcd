import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';
import { normaliseUrl } from './request-path.ts';

/**
 * BASE_URI_PATH (decision record 0036): inside, the application lives at `/`; this file translates at the edge, both
 * ways. A request's URL loses the prefix before anything reads it (the client fast path, the SDK handler, Fastify's
 * router and auth, a worker), and a request outside the prefix is answered 404 here. On the way out, a redirect to a
 * path of ours gets the prefix back.
 */

/**
 * Returns true when it answered (a path outside the prefix), otherwise takes the prefix off `request.url` and
 * returns false. The path is normalised first, so `/unleash/../api/admin` is outside, as a browser would resolve it.
 */
export function createBasePathGate(
  basePath: string,
  headers: Record<string, string>,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  if (basePath === '') return () => false;
  return (request, response) => {
    const url = normaliseUrl(request.url ?? '/');
    const inner = innerUrl(basePath, url);
    if (inner !== undefined) {
      request.url = inner;
      return false;
    }
    const path = url.split('?')[0]!;
    const body = JSON.stringify(
      errorBody('NotFoundError', `No route ${request.method} ${path}: this server answers under ${basePath}`),
    );
    response
      .writeHead(404, {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      .end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** The URL inside the application, or undefined when `url` is outside `basePath`. `/unleash` alone is `/`. */
export function innerUrl(basePath: string, url: string): string | undefined {
  if (!url.startsWith(basePath)) return undefined;
  const rest = url.slice(basePath.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : undefined;
}

/** The public path of one of ours: `/auth/oidc` is `/unleash/auth/oidc` under BASE_URI_PATH=/unleash. */
export function publicPath(basePath: string, path: string): string {
  return `${basePath}${path}`;
}

/** A redirect to a path of ours (`/`, `/?sso-error=…`) leaves with the prefix; absolute URLs go as they are. */
export function registerBasePathRedirects(app: FastifyInstance, basePath: string): void {
  if (basePath === '') return;
  app.addHook('onSend', async (_request, reply) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string' && location.startsWith('/') && !location.startsWith('//'))
      reply.header('location', publicPath(basePath, location));
  });
}
