import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(() => t.close());

const webhook = (parameters: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  provider: 'webhook',
  enabled: true,
  parameters,
  events: ['feature-created'],
  ...extra,
});

async function create(body: Record<string, unknown>) {
  const response = await t.admin({ method: 'POST', url: '/api/admin/addons', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

describe('addons API', () => {
  it('lists providers with their parameter definitions', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/addons' });
    expect(response.statusCode).toBe(200);
    const providers = response.json().providers as {
      name: string;
      parameters: { name: string; sensitive: boolean; required: boolean }[];
    }[];
    expect(providers.map((p) => p.name)).toEqual([
      'webhook',
      'slack-app',
      'teamsworkflow',
      'datadog',
      'new-relic',
      'slack',
      'teams',
    ]);
    expect(providers.filter((p) => 'deprecated' in p).map((p) => p.name)).toEqual(['slack', 'teams']);
    const hook = providers.find((p) => p.name === 'webhook')!;
    expect(hook.parameters.map((p) => p.name)).toEqual([
      'url',
      'contentType',
      'authorization',
      'customHeaders',
      'bodyTemplate',
    ]);
    expect(hook.parameters.find((p) => p.name === 'url')).toMatchObject({ required: true, sensitive: true });
  });

  it('creates, masks secrets, keeps them when sent back masked, and records events without parameters', async () => {
    const created = await create(
      webhook(
        { url: 'http://127.0.0.1:9/hook', authorization: 'Bearer s3cret', contentType: 'text/plain' },
        { description: 'release bot', projects: ['default'], environments: ['production'] },
      ),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      provider: 'webhook',
      description: 'release bot',
      enabled: true,
      parameters: { url: '*****', authorization: '*****', contentType: 'text/plain' },
      events: ['feature-created'],
      projects: ['default'],
      environments: ['production'],
    });
    const event = await lastEvent();
    expect(event.type).toBe('addon-config-created');
    expect(JSON.stringify(event.data)).not.toContain('s3cret');
    expect(event.data).not.toHaveProperty('parameters');

    const read = await t.admin({ method: 'GET', url: `/api/admin/addons/${created.id}` });
    expect(read.json().parameters.authorization).toBe('*****');

    const updated = await t.admin({
      method: 'PUT',
      url: `/api/admin/addons/${created.id}`,
      payload: {
        ...created,
        description: 'renamed',
        parameters: { ...created.parameters, contentType: 'application/json' },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = await t.db.query<{ parameters: Record<string, string> }>(
      'SELECT parameters FROM addons WHERE id = $1',
      [created.id],
    );
    // The secrets sent back as the mask keep their stored values, sealed (db/sealed-secrets.ts).
    expect(row!.parameters).toEqual({
      url: expect.stringMatching(/^sealed:v1:/),
      authorization: expect.stringMatching(/^sealed:v1:/),
      contentType: 'application/json',
    });
    expect(t.secrets.open(row!.parameters.authorization!, 'addons.parameters.authorization')).toBe(
      'Bearer s3cret',
    );
    expect(JSON.stringify(row)).not.toContain('s3cret');
    expect((await lastEvent()).type).toBe('addon-config-updated');

    const deleted = await t.admin({ method: 'DELETE', url: `/api/admin/addons/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await lastEvent()).type).toBe('addon-config-deleted');
    expect((await t.admin({ method: 'GET', url: `/api/admin/addons/${created.id}` })).statusCode).toBe(404);
  });

  it.each([
    [{ ...webhook({ url: 'http://127.0.0.1/x' }), provider: 'pager' }, '/body/provider'],
    [webhook({}), '/body/parameters/url'],
    [webhook({ url: 'ftp://127.0.0.1/x' }), '/body/parameters/url'],
    [webhook({ url: '*****' }), '/body/parameters/url'],
    [webhook({ url: 'http://127.0.0.1/x', customHeaders: '{not json' }), '/body/parameters/customHeaders'],
    [
      webhook({ url: 'http://127.0.0.1/x', customHeaders: '{"X-A": "a\\r\\nb"}' }),
      '/body/parameters/customHeaders',
    ],
    [
      webhook({ url: 'http://127.0.0.1/x', bodyTemplate: '{{#event}} never closed' }),
      '/body/parameters/bodyTemplate',
    ],
    [webhook({ url: 'http://127.0.0.1/x', colour: 'red' }), '/body/parameters/colour'],
  ])('refuses bad input with a 400 naming the field (%#)', async (body, path) => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM addons');
    const response = await t.admin({ method: 'POST', url: '/api/admin/addons', payload: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0].path).toBe(path);
    expect(await t.db.query('SELECT count(*)::int AS n FROM addons')).toEqual(before);
  });

  it.each([
    'http://10.1.2.3/hook',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest',
    'http://[::1]:8080/',
    'http://127.0.0.2/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses a private or loopback URL not in INTEGRATION_ALLOWED_HOSTS: %s', async (url) => {
    const response = await t.admin({ method: 'POST', url: '/api/admin/addons', payload: webhook({ url }) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: '/body/parameters/url' });
    expect(response.json().details[0].message).toMatch(/loopback, link-local or private/);
  });

  it('accepts private addresses that INTEGRATION_ALLOWED_HOSTS names, or any with *', async () => {
    const named = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '10.1.2.3, hooks.internal' });
    const any = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '*' });
    try {
      const ok = await named.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: webhook({ url: 'http://10.1.2.3/hook' }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const other = await named.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: webhook({ url: 'http://10.1.2.4/hook' }),
      });
      expect(other.statusCode).toBe(400);
      const local = await named.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: webhook({ url: 'http://localhost:4242/' }),
      });
      expect(local.statusCode).toBe(400);
      expect(local.json().details[0].message).toMatch(/localhost resolves to/);
      const all = await any.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: webhook({ url: 'http://192.168.1.1/hook' }),
      });
      expect(all.statusCode, all.body).toBe(200);
    } finally {
      await named.close();
      await any.close();
    }
  });

  it('needs CREATE_ADDON, UPDATE_ADDON and DELETE_ADDON; the delivery log needs ADMIN', async () => {
    const viewer = await t.as('Viewer');
    const created = await create(webhook({ url: 'http://127.0.0.1:9/hook' }));
    expect(
      (
        await viewer({
          method: 'POST',
          url: '/api/admin/addons',
          payload: webhook({ url: 'http://127.0.0.1:9/' }),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer({
          method: 'PUT',
          url: `/api/admin/addons/${created.id}`,
          payload: webhook({ url: 'http://127.0.0.1:9/' }),
        })
      ).statusCode,
    ).toBe(403);
    expect((await viewer({ method: 'DELETE', url: `/api/admin/addons/${created.id}` })).statusCode).toBe(403);
    expect((await viewer({ method: 'GET', url: `/api/admin/addons/${created.id}/events` })).statusCode).toBe(
      403,
    );
    expect((await viewer({ method: 'GET', url: '/api/admin/addons' })).statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: '/api/admin/addons/abc/events' })).statusCode).toBe(400);
    expect(
      (await t.admin({ method: 'GET', url: `/api/admin/addons/${created.id}/events?limit=101` })).statusCode,
    ).toBe(400);
  });
});
