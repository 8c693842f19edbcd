import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const envRow = async (name: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM environments WHERE name = $1', [name]))[0];
const allEnvironments = () => t.db.query('SELECT * FROM environments ORDER BY name');
const eventsOf = (type: string, environment: string) =>
  t.db.query<{ data: Record<string, unknown>; pre_data: Record<string, unknown>; created_by: string }>(
    'SELECT * FROM events WHERE type = $1 AND environment = $2 ORDER BY id',
    [type, environment],
  );
const create = (name: string, type = 'test', sortOrder?: number) =>
  t.admin({ method: 'POST', url: '/api/admin/environments', payload: { name, type, sortOrder } });

describe('GET /api/admin/environments (getAllEnvironments)', () => {
  it('lists environments in sort order with their counts', async () => {
    await buildFlag(t.db, { name: 'env-list-flag', environments: { development: true, production: false } });
    const response = await t.admin({ method: 'GET', url: '/api/admin/environments' });
    expect(response.statusCode).toBe(200);
    const { version, environments } = response.json();
    expect(version).toBe(1);
    const names = environments.map((e: { name: string }) => e.name);
    expect(names.indexOf('development')).toBeLessThan(names.indexOf('production'));
    expect(environments.find((e: { name: string }) => e.name === 'development')).toMatchObject({
      type: 'development',
      enabled: true,
      protected: false,
      sortOrder: 100,
      projectCount: 1,
      apiTokenCount: 2,
      enabledToggleCount: 1,
    });
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/environments' });
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('AuthenticationRequired');
  });
});

describe('GET /api/admin/environments/{name} (getEnvironment)', () => {
  it('returns one environment, also to viewers', async () => {
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: '/api/admin/environments/production' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'production', type: 'production', sortOrder: 200 });
  });

  it('answers 404 for an unknown environment and 401 without credentials', async () => {
    const missing = await t.admin({ method: 'GET', url: '/api/admin/environments/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/environments/production' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/admin/environments/project/{projectId} (getProjectEnvironments)', () => {
  it("marks which environments the project uses, with the project's counts and default strategy", async () => {
    expect((await create('pe-only-listed')).statusCode).toBe(201);
    const strategy = { name: 'flexibleRollout', constraints: [], parameters: { rollout: '50' } };
    await t.db.query(
      "UPDATE project_environments SET default_strategy = $1 WHERE project_id = 'default' AND environment_name = 'production'",
      [JSON.stringify(strategy)],
    );
    const response = await t.admin({ method: 'GET', url: '/api/admin/environments/project/default' });
    expect(response.statusCode).toBe(200);
    const environments = response.json().environments as Record<string, unknown>[];
    const byName = Object.fromEntries(environments.map((e) => [e.name, e]));
    expect(byName['pe-only-listed']).toMatchObject({ visible: false, projectEnabledToggleCount: 0 });
    expect(byName.development).toMatchObject({ visible: true, projectApiTokenCount: 2 });
    expect(byName.production).toMatchObject({ visible: true, defaultStrategy: strategy });
    expect(byName.development).not.toHaveProperty('defaultStrategy');
  });

  it('answers 404 for an unknown project and 401 without credentials', async () => {
    const missing = await t.admin({ method: 'GET', url: '/api/admin/environments/project/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/environments/project/default' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/admin/environments/{name}/on|off (toggleEnvironmentOn, toggleEnvironmentOff)', () => {
  it('disables and enables an environment, recording events', async () => {
    await create('toggled');
    const off = await t.admin({ method: 'POST', url: '/api/admin/environments/toggled/off' });
    expect(off.statusCode).toBe(204);
    expect((await envRow('toggled'))!.enabled).toBe(false);
    const on = await t.admin({ method: 'POST', url: '/api/admin/environments/toggled/on' });
    expect(on.statusCode).toBe(204);
    expect((await envRow('toggled'))!.enabled).toBe(true);
    const events = await eventsOf('environment-updated', 'toggled');
    expect(events.map((e) => e.data.enabled)).toEqual([false, true]);
    expect(events[0]!.pre_data.enabled).toBe(true);
  });

  it('requires ADMIN: editors are refused and nothing changes', async () => {
    const editor = await t.as('Editor');
    for (const state of ['on', 'off']) {
      const response = await editor({ method: 'POST', url: `/api/admin/environments/production/${state}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect((await envRow('production'))!.enabled).toBe(true);
  });

  it('answers 404 for an unknown environment', async () => {
    for (const state of ['on', 'off']) {
      const response = await t.admin({ method: 'POST', url: `/api/admin/environments/nowhere/${state}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('PUT /api/admin/environments/sort-order (updateSortOrder)', () => {
  it('sets the order of the named environments', async () => {
    await create('sort-a', 'test', 500);
    await create('sort-b', 'test', 501);
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/sort-order',
      payload: { 'sort-a': 502, 'sort-b': 499 },
    });
    expect(response.statusCode).toBe(200);
    expect((await envRow('sort-a'))!.sort_order).toBe(502);
    expect((await envRow('sort-b'))!.sort_order).toBe(499);
    expect((await eventsOf('environment-updated', 'sort-b')).at(-1)!.data.sortOrder).toBe(499);
  });

  it('refuses unknown environments and non-integer orders, changing nothing', async () => {
    const before = await allEnvironments();
    for (const [payload, path] of [
      [{ development: 1, nowhere: 2 }, '/body/nowhere'],
      [{ development: 'first' }, '/body/development'],
      [{ development: 1.5 }, '/body/development'],
    ] as const) {
      const response = await t.admin({ method: 'PUT', url: '/api/admin/environments/sort-order', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await allEnvironments()).toEqual(before);
  });

  it('requires ADMIN', async () => {
    const editor = await t.as('Editor');
    const response = await editor({
      method: 'PUT',
      url: '/api/admin/environments/sort-order',
      payload: { development: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect((await envRow('development'))!.sort_order).toBe(100);
  });
});

describe('POST /api/admin/environments (createEnvironment)', () => {
  it('creates an environment after the others by default, with an event', async () => {
    const response = await create('staging', 'preproduction');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const max = (
      await t.db.query<{ m: number }>("SELECT max(sort_order) AS m FROM environments WHERE name <> 'staging'")
    )[0]!.m;
    expect(body).toMatchObject({
      name: 'staging',
      type: 'preproduction',
      enabled: true,
      projectCount: 0,
      sortOrder: max + 1,
    });
    const [event] = await eventsOf('environment-created', 'staging');
    expect(event).toMatchObject({
      created_by: 'init-admin-token-1',
      data: { name: 'staging', type: 'preproduction' },
    });
  });

  it('refuses viewers and editors', async () => {
    const before = await allEnvironments();
    for (const role of ['Viewer', 'Editor'] as const) {
      const as = await t.as(role);
      const response = await as({
        method: 'POST',
        url: '/api/admin/environments',
        payload: { name: `by-${role}`, type: 'test' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect(await allEnvironments()).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field and a duplicate with 409', async () => {
    const before = await allEnvironments();
    for (const [payload, path] of [
      [{ type: 'test' }, '/body/name'],
      [{ name: 'x' }, '/body/type'],
      [{ name: 42, type: 'test' }, '/body/name'],
      [{ name: 'x', type: 'test', sortOrder: 'last' }, '/body/sortOrder'],
      [{ name: 'has space', type: 'test' }, '/body/name'],
      [{ name: 'slash/name', type: 'test' }, '/body/name'],
      [{ name: '', type: 'test' }, '/body/name'],
      [{ name: 'x', type: 'test', colour: 'red' }, '/body'],
    ] as const) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/environments', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const duplicate = await create('production');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    expect(await allEnvironments()).toEqual(before);
  });
});

describe('PUT /api/admin/environments/update/{name} (updateEnvironment)', () => {
  it('changes the type and sort order, recording before and after', async () => {
    await create('qa', 'test', 10);
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/qa',
      payload: { type: 'preproduction', sortOrder: 20 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'qa', type: 'preproduction', sortOrder: 20 });
    const kept = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/qa',
      payload: { type: 'test' },
    });
    expect(kept.json()).toMatchObject({ type: 'test', sortOrder: 20 });
    const [first] = await eventsOf('environment-updated', 'qa');
    expect(first!.pre_data).toMatchObject({ type: 'test', sortOrder: 10 });
    expect(first!.data).toMatchObject({ type: 'preproduction', sortOrder: 20 });
  });

  it('refuses editors, bad input, unknown and protected environments, changing nothing', async () => {
    await create('locked', 'production');
    await t.db.query("UPDATE environments SET protected = true WHERE name = 'locked'");
    const before = await allEnvironments();
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'PUT',
      url: '/api/admin/environments/update/qa',
      payload: { type: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const missing = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/qa',
      payload: { sortOrder: 1 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/type');
    const wrongType = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/qa',
      payload: { type: 7 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().name).toBe('BadDataError');
    const unknown = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/nowhere',
      payload: { type: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const locked = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/locked',
      payload: { type: 'x' },
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().name).toBe('InvalidOperationError');
    expect(await allEnvironments()).toEqual(before);
  });
});
