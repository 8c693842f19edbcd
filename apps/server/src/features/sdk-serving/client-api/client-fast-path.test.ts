import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

// The fast path only exists on a listening server (app.inject never reaches it), so these tests use HTTP.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await buildFlag(t.db, { name: 'fast-one', environments: { development: { enabled: true } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const features = (headers: Record<string, string> = {}, path = '/api/client/features') =>
  fetch(`${base}${path}`, {
    headers: { authorization: CLIENT_TOKEN, 'unleash-client-spec': '5.2.0', ...headers },
  });
const fastPathTotal = async () => {
  const text = await (await fetch(`${base}/internal-backstage/prometheus`)).text();
  return Number(/^switchyard_client_fast_path_responses_total (\d+)$/m.exec(text)?.[1]);
};
const headersOf = (response: Response) => {
  const { date: _date, 'keep-alive': _keepAlive, ...rest } = Object.fromEntries(response.headers);
  return rest;
};

describe('client features fast path', () => {
  it('answers repeated polls without Fastify, with the same body, ETag and headers', async () => {
    const before = await fastPathTotal();
    const first = await features(); // an unseen token: Fastify looks it up and fills the caches
    const second = await features();
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('etag')).toMatch(/^".+"$/);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await fastPathTotal()).toBe(before + 1);
  });

  it('answers 304 to a matching ETag and gzips when asked', async () => {
    const etag = (await features()).headers.get('etag')!;
    const before = await fastPathTotal();
    const notModified = await features({ 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    const plain = await (await features()).text();
    const zipped = await fetch(`${base}/api/client/features`, {
      headers: { authorization: CLIENT_TOKEN, 'unleash-client-spec': '5.2.0', 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses transparently; compare with the plain body.
    expect(await zipped.text()).toBe(plain);
    expect(await fastPathTotal()).toBe(before + 3);
  });

  it('serves a change at once', async () => {
    const before = await (await features()).json();
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: 'fast-two' },
    });
    const after = await (await features()).json();
    expect(after.features.map((f: { name: string }) => f.name)).toContain('fast-two');
    expect(after.meta.revisionId).toBeGreaterThan(before.meta.revisionId);
  });

  it('stops serving a deleted token at once', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'short-lived', type: 'client', environment: 'development' },
    });
    const secret = created.json().secret as string;
    const poll = () => fetch(`${base}/api/client/features`, { headers: { authorization: secret } });
    expect((await poll()).status).toBe(200);
    expect((await poll()).status).toBe(200);
    const deleted = await t.admin({
      method: 'DELETE',
      url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await poll()).status).toBe(401);
  });

  it('leaves everything else to Fastify: query strings, bad headers, other token types', async () => {
    const filtered = await features({}, '/api/client/features?namePrefix=fast-o');
    expect((await filtered.json()).features.map((f: { name: string }) => f.name)).toEqual(['fast-one']);
    const badSpec = await features({ 'unleash-client-spec': 'soon' });
    expect(badSpec.status).toBe(400);
    expect((await badSpec.json()).name).toBe('BadDataError');
    const admin = await fetch(`${base}/api/client/features`, { headers: { authorization: ADMIN_TOKEN } });
    expect(admin.status).toBe(403);
    expect((await features({ authorization: '' })).status).toBe(401);
  });
});
