/** The SDK requests a worker answers itself (cluster/worker.ts); the primary answers everything else. */
const EXACT = new Set([
  'GET /api/client/features',
  'GET /api/client/delta',
  'GET /api/client/streaming',
  'GET /api/frontend',
  'POST /api/frontend',
  'POST /ofrep/v1/evaluate/flags',
]);
const PREFIXED: [method: string, prefix: string][] = [
  ['GET', '/api/client/features/'],
  ['GET', '/api/frontend/features/'],
  ['POST', '/ofrep/v1/evaluate/flags/'],
];

export function servesInWorker(method: string | undefined, url: string | undefined): boolean {
  if (!method || !url) return false;
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (EXACT.has(`${method} ${path}`)) return true;
  return PREFIXED.some(
    ([each, prefix]) =>
      method === each &&
      path.startsWith(prefix) &&
      path.length > prefix.length &&
      !path.includes('/', prefix.length),
  );
}
