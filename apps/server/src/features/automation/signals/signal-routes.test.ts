import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://flags.example.com', SIGNAL_ENDPOINTS_LIMIT: '20' });
}, 300_000);
afterAll(() => t.close());

async function endpointWithToken(name: string) {
  const created = await t.admin({ method: 'POST', url: '/api/admin/signal-endpoints', payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const { id, url } = created.json();
  const token = await t.admin({
    method: 'POST',
    url: `/api/admin/signal-endpoints/${id}/tokens`,
    payload: { name: 'alerts' },
  });
  expect(token.statusCode, token.body).toBe(201);
  return { id: id as number, url: url as string, secret: token.json().token as string };
}

const send = (
  name: string,
  secret: string | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/signal-endpoint/${name}`,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });

describe('signal endpoints', () => {
  it('gives the URL and the token once, keeps only its hash, and logs each signal with its payload', async () => {
    const { id, url, secret } = await endpointWithToken('alerts-1');
    expect(url).toBe('https://flags.example.com/api/signal-endpoint/alerts-1');
    expect(secret).toMatch(/^signal:[0-9a-f]{64}$/);
    const stored = await t.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM signal_endpoint_tokens',
    );
    expect(JSON.stringify(stored)).not.toContain(secret.slice(7));
    const listed = await t.admin({ method: 'GET', url: '/api/admin/signal-endpoints' });
    expect(listed.body).not.toContain(secret.slice(7));
    expect(listed.json().signalEndpoints[0].tokens[0]).toMatchObject({
      name: 'alerts',
      signalEndpointId: id,
    });

    const sent = await send('alerts-1', secret, { status: 'firing', labels: { service: 'checkout' } });
    expect(sent.statusCode, sent.body).toBe(202);
    const log = await t.admin({ method: 'GET', url: `/api/admin/signal-endpoints/${id}/signals` });
    expect(log.json().signalEndpointSignals).toEqual([
      expect.objectContaining({
        id: sent.json().id,
        source: 'signal-endpoint',
        sourceId: id,
        tokenName: 'alerts',
        payload: { status: 'firing', labels: { service: 'checkout' } },
      }),
    ]);
    const all = await t.admin({ method: 'GET', url: '/api/admin/signals' });
    expect(all.json().signals[0]).toMatchObject({ sourceName: 'alerts-1', sourceId: id });
    // Unleash's event timeline asks for one day's signals with its filter syntax.
    const today = new Date().toISOString().slice(0, 10);
    const day = await t.admin({ method: 'GET', url: `/api/admin/signals?from=IS:${today}&to=IS:${today}` });
    expect(day.json().signals.map((s: { id: number }) => s.id)).toContain(sent.json().id);
    const before = await t.admin({
      method: 'GET',
      url: '/api/admin/signals?from=IS:2020-01-01&to=IS:2020-01-01',
    });
    expect(before.json().signals).toEqual([]);
    const bad = await t.admin({ method: 'GET', url: '/api/admin/signals?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/querystring/from');
    const events = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE type LIKE 'signal-endpoint%' ORDER BY id",
    );
    expect(events.map((e) => e.type)).toEqual(['signal-endpoint-created', 'signal-endpoint-token-created']);
  });

  it('refuses a wrong or missing token with 401 and stores nothing', async () => {
    const { id, secret } = await endpointWithToken('alerts-2');
    expect((await send('alerts-2', `${secret}x`, { a: 1 })).statusCode).toBe(401);
    expect((await send('alerts-2', undefined, { a: 1 })).statusCode).toBe(401);
    const { secret: other } = await endpointWithToken('alerts-2b');
    expect((await send('alerts-2', other, { a: 1 })).statusCode).toBe(401);
    const rows = await t.db.query('SELECT 1 FROM signals WHERE source_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a body over 100 kB with 413, and a body that is not an object with 400', async () => {
    const { secret } = await endpointWithToken('alerts-3');
    const big = await send('alerts-3', secret, { text: 'x'.repeat(101 * 1024) });
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    const list = await send('alerts-3', secret, [1, 2]);
    expect(list.statusCode, list.body).toBe(400);
    const text = await send('alerts-3', secret, 'hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const broken = await send('alerts-3', secret, '{"a":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
  });

  it('takes one signal per second per endpoint by default: the next is a 429 with Retry-After', async () => {
    const { secret } = await endpointWithToken('alerts-4');
    expect((await send('alerts-4', secret, {})).statusCode).toBe(202);
    const second = await send('alerts-4', secret, {});
    expect(second.statusCode, second.body).toBe(429);
    expect(second.headers['retry-after']).toBe('1');
  });

  it('answers 404 for an unknown or disabled endpoint', async () => {
    const { id, secret } = await endpointWithToken('alerts-5');
    expect((await send('nope', secret, {})).statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/signal-endpoint/alerts-5',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(empty.statusCode, empty.body).toBe(202);
    const [stored] = await t.db.query<{ payload: unknown }>('SELECT payload FROM signals WHERE id = $1', [
      empty.json().id,
    ]);
    expect(stored!.payload).toBeNull();
    await t.admin({ method: 'POST', url: `/api/admin/signal-endpoints/${id}/off` });
    expect((await send('alerts-5', secret, {})).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const editor = await t.as('Editor');
    const response = await editor({ method: 'GET', url: '/api/admin/signal-endpoints' });
    expect(response.statusCode).toBe(403);
  });
});
