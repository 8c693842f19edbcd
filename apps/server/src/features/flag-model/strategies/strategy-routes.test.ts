import { BUILT_IN_STRATEGIES } from '@switchyard/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  strategies: await t.db.query('SELECT * FROM strategy_definitions ORDER BY name'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

const tenants = { name: 'tenants', type: 'list', description: 'Tenant ids', required: true };

async function createStrategy(name: string, body: Record<string, unknown> = {}) {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/strategies',
    payload: { name, parameters: [tenants], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('strategy definitions', () => {
  it('lists the built-in strategies as not editable, in display order', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/strategies' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(1);
    expect(body.strategies.slice(0, 2).map((s: { name: string }) => s.name)).toEqual([
      'default',
      'flexibleRollout',
    ]);
    expect(body.strategies[1]).toMatchObject({
      editable: false,
      deprecated: false,
      displayName: 'Gradual rollout',
    });
    expect(body.strategies[1].parameters.map((p: { name: string }) => p.name)).toEqual([
      'rollout',
      'stickiness',
      'groupId',
    ]);
    const one = await t.admin({ method: 'GET', url: '/api/admin/strategies/remoteAddress' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      name: 'remoteAddress',
      editable: false,
      parameters: [{ name: 'IPs' }],
    });
    const unknown = await t.admin({ method: 'GET', url: '/api/admin/strategies/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
  });

  it('lists the built-in strategies the shared rules describe', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/strategies' });
    const builtIn = response
      .json()
      .strategies.filter((s: { editable: boolean }) => !s.editable)
      .map((s: { name: string; displayName: string; description: string; parameters: unknown[] }) => ({
        name: s.name,
        title: s.displayName,
        description: s.description,
        parameters: s.parameters,
      }));
    expect(builtIn).toEqual(
      BUILT_IN_STRATEGIES.map(({ name, title, description, parameters }) => ({
        name,
        title,
        description,
        parameters,
      })),
    );
  });

  it('creates a custom strategy and records strategy-created', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/strategies',
      payload: {
        name: 'tenantRollout',
        title: 'Tenants',
        description: 'On for listed tenants',
        parameters: [tenants, { name: 'share', type: 'percentage' }],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe('strategies/tenantRollout');
    expect(response.json()).toEqual({
      title: 'Tenants',
      name: 'tenantRollout',
      displayName: 'Tenants',
      description: 'On for listed tenants',
      editable: true,
      deprecated: false,
      parameters: [tenants, { name: 'share', type: 'percentage', description: '', required: false }],
    });
    expect(await lastEvent()).toMatchObject({ type: 'strategy-created', data: { name: 'tenantRollout' } });
    const list = (await t.admin({ method: 'GET', url: '/api/admin/strategies' })).json();
    expect(list.strategies.map((s: { name: string }) => s.name)).toContain('tenantRollout');
  });

  it('updates a custom strategy and records strategy-updated', async () => {
    await createStrategy('regionRollout');
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/strategies/regionRollout',
      payload: {
        name: 'regionRollout',
        description: 'By region',
        parameters: [{ name: 'regions', type: 'list' }],
      },
    });
    expect(response.statusCode).toBe(200);
    const strategy = (await t.admin({ method: 'GET', url: '/api/admin/strategies/regionRollout' })).json();
    expect(strategy).toMatchObject({
      description: 'By region',
      parameters: [{ name: 'regions', type: 'list' }],
    });
    expect(await lastEvent()).toMatchObject({
      type: 'strategy-updated',
      data: { parameters: [{ name: 'regions' }] },
      pre_data: { parameters: [{ name: 'tenants' }] },
    });
  });

  it('refuses bad updates, built-in and unknown strategies, and changes nothing', async () => {
    await createStrategy('stableRollout');
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      ['stableRollout', { description: 'no parameters' }, 400, 'BadDataError', '/body/parameters'],
      [
        'stableRollout',
        { parameters: [{ name: 'p', type: 'date' }] },
        400,
        'BadDataError',
        '/body/parameters/0/type',
      ],
      ['stableRollout', { parameters: [tenants, tenants] }, 400, 'BadDataError', '/body/parameters'],
      ['stableRollout', { parameters: 'none' }, 400, 'BadDataError', '/body/parameters'],
      ['stableRollout', { name: 'other', parameters: [] }, 400, 'BadDataError', '/body/name'],
      ['flexibleRollout', { parameters: [] }, 403, 'InvalidOperationError'],
      ['ghost', { parameters: [] }, 404, 'NotFoundError'],
    ];
    for (const [name, payload, status, error, path] of cases) {
      const response = await t.admin({ method: 'PUT', url: `/api/admin/strategies/${name}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().name).toBe(error);
      if (path) expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input and duplicate names on create, and changes nothing', async () => {
    await createStrategy('takenName');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ parameters: [] }, '/body/name'],
      [{ name: 12, parameters: [] }, '/body/name'],
      [{ name: 'has space', parameters: [] }, '/body/name'],
      [{ name: 'noParameters' }, '/body/parameters'],
      [{ name: 'x', parameters: [{ type: 'string' }] }, '/body/parameters/0/name'],
      [{ name: 'x', parameters: [{ name: 'p', type: 'date' }] }, '/body/parameters/0/type'],
      [
        { name: 'x', parameters: [{ name: 'p', type: 'string', required: 'yes' }] },
        '/body/parameters/0/required',
      ],
      [{ name: 'x', parameters: [tenants, tenants] }, '/body/parameters'],
      [{ name: 'x', parameters: [], colour: 'red' }, '/body'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/strategies', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(
        response.json().details.map((d: { path: string }) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    for (const name of ['takenName', 'default']) {
      const duplicate = await t.admin({
        method: 'POST',
        url: '/api/admin/strategies',
        payload: { name, parameters: [] },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().name).toBe('NameExistsError');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes an unused custom strategy and records strategy-deleted', async () => {
    await createStrategy('shortLived');
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/strategies/shortLived' });
    expect(response.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ type: 'strategy-deleted', data: { name: 'shortLived' } });
    expect((await t.admin({ method: 'GET', url: '/api/admin/strategies/shortLived' })).statusCode).toBe(404);
  });

  it('refuses to delete built-in, unknown and used strategies, naming the flags', async () => {
    await createStrategy('inUse');
    await buildFlag(t.db, {
      name: 'uses-custom',
      environments: { production: { enabled: false, strategies: [{ name: 'inUse' }] } },
    });
    const before = await snapshot();
    const cases: [string, number, string][] = [
      ['default', 403, 'InvalidOperationError'],
      ['ghost', 404, 'NotFoundError'],
      ['inUse', 409, 'ConflictError'],
    ];
    for (const [name, status, error] of cases) {
      const response = await t.admin({ method: 'DELETE', url: `/api/admin/strategies/${name}` });
      expect(response.statusCode, name).toBe(status);
      expect(response.json().name).toBe(error);
    }
    const inUse = await t.admin({ method: 'DELETE', url: '/api/admin/strategies/inUse' });
    expect(inUse.json().message).toContain('"uses-custom"');
    expect(await snapshot()).toEqual(before);
  });

  it('deprecates and reactivates a strategy, recording each change once', async () => {
    const deprecate = await t.admin({ method: 'POST', url: '/api/admin/strategies/userWithId/deprecate' });
    expect(deprecate.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ type: 'strategy-deprecated', data: { name: 'userWithId' } });
    expect(
      (await t.admin({ method: 'GET', url: '/api/admin/strategies/userWithId' })).json().deprecated,
    ).toBe(true);

    const before = await snapshot();
    const again = await t.admin({ method: 'POST', url: '/api/admin/strategies/userWithId/deprecate' });
    expect(again.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);

    const reactivate = await t.admin({ method: 'POST', url: '/api/admin/strategies/userWithId/reactivate' });
    expect(reactivate.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ type: 'strategy-reactivated', data: { name: 'userWithId' } });
    expect(
      (await t.admin({ method: 'GET', url: '/api/admin/strategies/userWithId' })).json().deprecated,
    ).toBe(false);
  });

  it('refuses to deprecate the default strategy or unknown ones, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, number, string][] = [
      ['/api/admin/strategies/default/deprecate', 403, 'InvalidOperationError'],
      ['/api/admin/strategies/ghost/deprecate', 404, 'NotFoundError'],
      ['/api/admin/strategies/ghost/reactivate', 404, 'NotFoundError'],
    ];
    for (const [url, status, error] of cases) {
      const response = await t.admin({ method: 'POST', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json().name).toBe(error);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets editors manage strategies but refuses viewers', async () => {
    const editor = await t.as('Editor');
    const created = await editor({
      method: 'POST',
      url: '/api/admin/strategies',
      payload: { name: 'editorRollout', parameters: [] },
    });
    expect(created.statusCode).toBe(201);
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/admin/strategies',
        payload: { name: 'viewerRollout', parameters: [] },
      },
      { method: 'PUT' as const, url: '/api/admin/strategies/editorRollout', payload: { parameters: [] } },
      { method: 'DELETE' as const, url: '/api/admin/strategies/editorRollout' },
      { method: 'POST' as const, url: '/api/admin/strategies/editorRollout/deprecate' },
      { method: 'POST' as const, url: '/api/admin/strategies/editorRollout/reactivate' },
    ]) {
      const response = await viewer(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect((await viewer({ method: 'GET', url: '/api/admin/strategies' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/strategies' })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
