/**
 * The SDK routes answered outside Fastify (sdk-handler.ts), as Fastify names them: a worker process answers all of
 * them, a single server process the Frontend API and OFREP ones (its Client API has its own fast path and its
 * streams are Fastify's).
 */
const EXACT: Record<string, string> = {
  'GET /api/client/features': '/api/client/features',
  'GET /api/client/delta': '/api/client/delta',
  'GET /api/client/streaming': '/api/client/streaming',
  'GET /api/frontend': '/api/frontend',
  'POST /api/frontend': '/api/frontend',
  'POST /ofrep/v1/evaluate/flags': '/ofrep/v1/evaluate/flags',
};
const PREFIXED: [method: string, prefix: string, route: string][] = [
  ['GET', '/api/client/features/', '/api/client/features/:featureName'],
  ['GET', '/api/frontend/features/', '/api/frontend/features/:featureName'],
  ['POST', '/ofrep/v1/evaluate/flags/', '/ofrep/v1/evaluate/flags/:key'],
];

export const WORKER_ROUTES: ReadonlySet<string> = new Set([
  ...Object.values(EXACT),
  ...PREFIXED.map(([, , route]) => route),
]);
export const IN_PROCESS_ROUTES: ReadonlySet<string> = new Set([
  '/api/frontend',
  '/api/frontend/features/:featureName',
  '/ofrep/v1/evaluate/flags',
  '/ofrep/v1/evaluate/flags/:key',
]);

/** The route a request asks for, if it is one of the SDK routes. */
export function sdkRouteOf(method: string | undefined, url: string | undefined): string | undefined {
  if (!method || !url) return undefined;
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  const exact = EXACT[`${method} ${path}`];
  if (exact) return exact;
  for (const [each, prefix, route] of PREFIXED) {
    if (
      method === each &&
      path.startsWith(prefix) &&
      path.length > prefix.length &&
      !path.includes('/', prefix.length)
    )
      return route;
  }
  return undefined;
}
