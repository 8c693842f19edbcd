import type { FastifyRequest } from 'fastify';

/** Browsers on other origins that may call the Admin and Client APIs (the docs' "Try it" panels, a team's scripts). */
export type ApiCors = { origins: string[]; credentials: boolean };

export type CorsOptions = {
  origin: boolean | string | string[];
  credentials?: boolean;
  exposedHeaders?: string[];
  maxAge?: number;
};

const API_PREFIXES = ['/api/admin', '/api/client'];
const SDK_PREFIXES = ['/api/frontend', '/api/proxy', '/ofrep/'];

/**
 * The CORS answer for a request, by the path it asks for: the Frontend API (and its old name, /api/proxy) and OFREP follow the frontend origins
 * (`*` by default, as SDKs in any page call them); the Admin and Client APIs only the origins of `API_CORS_ORIGINS`
 * (none by default); everything else, sign-in included, no other origin. Credentials never make a cross-site change
 * with the session cookie pass: the CSRF check still refuses those (http/csrf.ts), so such callers send a token.
 */
export function corsOptionsFor(
  url: string | undefined,
  frontendOrigins: string[],
  api: ApiCors,
): CorsOptions {
  const path = url ?? '';
  if (SDK_PREFIXES.some((p) => path.startsWith(p)))
    return {
      origin: frontendOrigins.includes('*') ? '*' : frontendOrigins,
      exposedHeaders: ['ETag'],
      maxAge: 86_400,
    };
  if (api.origins.length > 0 && API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`)))
    return {
      origin: api.origins.includes('*') ? '*' : api.origins,
      credentials: api.credentials,
      exposedHeaders: ['ETag', 'Retry-After'],
      maxAge: 600,
    };
  return { origin: false };
}

/** The delegator @fastify/cors calls per request; the frontend origins are read (cached) only for the SDK paths. */
export const corsDelegator =
  (frontendOrigins: () => Promise<string[]>, api: ApiCors) =>
  (request: FastifyRequest, callback: (error: Error | null, options: CorsOptions) => void): void => {
    const url = request.url;
    if (!SDK_PREFIXES.some((p) => url?.startsWith(p))) return callback(null, corsOptionsFor(url, [], api));
    frontendOrigins().then(
      (allowed) => callback(null, corsOptionsFor(url, allowed, api)),
      (error: Error) => callback(error, { origin: false }),
    );
  };

/**
 * The headers @fastify/cors adds to a simple (not preflight) request under `options`, for answers written outside
 * Fastify (a server's worker, cluster/): the same rule, one place.
 */
export function corsResponseHeaders(
  options: CorsOptions,
  origin: string | undefined,
): Record<string, string> {
  const allowed = options.origin;
  if (allowed === false) return {};
  const headers: Record<string, string> = {};
  if (allowed === '*' || allowed === true) headers['access-control-allow-origin'] = '*';
  else {
    headers.vary = 'Origin';
    const list = typeof allowed === 'string' ? [allowed] : allowed;
    if (origin && list.includes(origin)) headers['access-control-allow-origin'] = origin;
    else return headers;
  }
  if (options.credentials) headers['access-control-allow-credentials'] = 'true';
  if (options.exposedHeaders?.length)
    headers['access-control-expose-headers'] = options.exposedHeaders.join(', ');
  return headers;
}

/** The methods a preflight allows: those of the SDK and API routes (@fastify/cors's default list). */
const PREFLIGHT_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';

/**
 * The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) under `options`, for servers outside
 * Fastify (the edge): the simple headers, the methods, the headers the browser asked for, and how long to keep it.
 */
export function corsPreflightHeaders(
  options: CorsOptions,
  origin: string | undefined,
  requestedHeaders: string | undefined,
): Record<string, string> {
  const headers = corsResponseHeaders(options, origin);
  if (!headers['access-control-allow-origin']) return headers;
  headers['access-control-allow-methods'] = PREFLIGHT_METHODS;
  if (requestedHeaders) {
    headers['access-control-allow-headers'] = requestedHeaders;
    headers.vary = headers.vary
      ? `${headers.vary}, Access-Control-Request-Headers`
      : 'Access-Control-Request-Headers';
  }
  if (options.maxAge !== undefined) headers['access-control-max-age'] = String(options.maxAge);
  return headers;
}
