import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';

/**
 * The Frontend API and OFREP answered outside Fastify (sdk-handler.ts) give what Fastify's routes give: the same
 * bodies and headers, the same refusals in the one error format, and no answer for a token once deleted or expired.
 * Requests go over real HTTP (the handler sits in front of Fastify); `inject` asks Fastify's routes directly.
 */
let t: TestApp;
let url: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: FRONTEND_TOKEN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createTestApp({ UNLEASH_FRONTEND_API_ORIGINS: 'https://shop.example.com' });
  for (const [name, enabled] of [
    ['checkout', true],
    ['search', false],
  ] as const) {
    await t.admin({ method: 'POST', url: '/api/admin/projects/default/features', payload: { name } });
    await t.admin({
      method: 'POST',
      url: `/api/admin/projects/default/features/${name}/environments/development/strategies`,
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: name },
      },
    });
    if (enabled)
      await t.admin({
        method: 'POST',
        url: `/api/admin/projects/default/features/${name}/environments/development/on`,
      });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t?.close());

describe('the SDK handler in front of Fastify', () => {
  it('answers POST /api/frontend as the Fastify route does, body and headers', async () => {
    for (let user = 0; user < 20; user++) {
      const context = { userId: `user-${user}`, properties: { plan: 'pro' } };
      const origin = 'https://shop.example.com';
      const fast = await post('/api/frontend', { context }, { origin });
      const routed = await t.app.inject({
        method: 'POST',
        url: '/api/frontend',
        headers: { authorization: FRONTEND_TOKEN, origin },
        payload: { context },
      });
      expect(fast.status).toBe(200);
      expect(await fast.json()).toEqual(routed.json());
      for (const name of [
        'etag',
        'access-control-allow-origin',
        'vary',
        'x-content-type-options',
        'cache-control',
      ])
        expect(fast.headers.get(name), name).toBe(routed.headers[name] ?? null);
    }
  });

  it('answers OFREP as the Fastify route does', async () => {
    const body = { context: { targetingKey: 'user-7' } };
    const fast = await post('/ofrep/v1/evaluate/flags/checkout', body);
    const routed = await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/checkout',
      headers: { authorization: FRONTEND_TOKEN },
      payload: body,
    });
    expect(fast.status).toBe(routed.statusCode);
    expect(await fast.json()).toEqual(routed.json());
  });

  it('refuses a context that is not an object, naming the field', async () => {
    const answer = await post('/api/frontend', { context: 'everyone' });
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.name).toBe('BadDataError');
    expect(body.details[0].path).toBe('/body/context');
  });

  it('refuses text it could not store and a body that is not JSON', async () => {
    expect((await post('/api/frontend', '{"context":{"userId":"a\\u0000b"}}')).status).toBe(400);
    expect((await post('/api/frontend', '{"context":')).status).toBe(400);
  });

  it('leaves unknown tokens to Fastify, which answers 401 in the one error format', async () => {
    const answer = await post('/api/frontend', { context: {} }, { authorization: '*:development.nope' });
    expect(answer.status).toBe(401);
    expect((await answer.json()).name).toBeTypeOf('string');
  });

  it('stops answering for a token as soon as it is deleted, and for one that expired', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'brief', type: 'frontend', environment: 'development', projects: ['*'] },
    });
    const secret = created.json().secret as string;
    expect((await post('/api/frontend', { context: {} }, { authorization: secret })).status).toBe(200);
    await t.admin({ method: 'DELETE', url: `/api/admin/api-tokens/${encodeURIComponent(secret)}` });
    expect((await post('/api/frontend', { context: {} }, { authorization: secret })).status).toBe(401);

    const soon = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'soon',
        type: 'frontend',
        environment: 'development',
        projects: ['*'],
        expiresAt: new Date(Date.now() + 1_500).toISOString(),
      },
    });
    const expiring = soon.json().secret as string;
    expect((await post('/api/frontend', { context: {} }, { authorization: expiring })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await post('/api/frontend', { context: {} }, { authorization: expiring })).status).toBe(401);
  });

  it('refuses a malformed percent-encoding in a flag name with a 400, as Fastify does, on every SDK path', async () => {
    for (const [path, token] of [
      ['/api/client/features/%E0%A4%A', CLIENT_TOKEN],
      ['/api/frontend/features/%E0%A4%A', FRONTEND_TOKEN],
      ['/ofrep/v1/evaluate/flags/%E0%A4%A', FRONTEND_TOKEN],
    ] as const) {
      const method = path.startsWith('/ofrep') ? 'POST' : 'GET';
      const init = {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ context: {} }) } : {}),
      };
      const fast = await fetch(`${url}${path}`, init);
      const routed = await t.app.inject({ method, url: path, headers: init.headers, payload: init.body });
      expect({ path, status: fast.status }).toEqual({ path, status: 400 });
      const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;
      expect(withoutId(await fast.json())).toEqual(withoutId(routed.json()));
      expect(routed.statusCode).toBe(400);
    }
  });
});
