import { vi } from 'vitest';

type Handler = (request: Request) => unknown | Promise<unknown>;

/**
 * Stands in for the server in component tests: `routes` maps `METHOD /path` to an answer (a body, or a Response for
 * other statuses). Anything else answers 404, so a screen calling what the test did not expect fails loudly.
 */
export function fakeServer(routes: Record<string, Handler | object>) {
  const fetch = vi.fn(async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (route === undefined)
      return Response.json({ name: 'NotFoundError', message: `no fake for ${key}` }, { status: 404 });
    const answer = typeof route === 'function' ? await (route as Handler)(request.clone()) : route;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests sent to one route, in order. */
  const sent = (key: string) =>
    fetch.mock.calls
      .map(([request]) => request)
      .filter((request) => `${request.method} ${new URL(request.url).pathname}` === key);
  return { fetch, sent };
}
