import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countRows } from '../../../testing/db-queries.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await create('qa');
  await create('locked', 'production');
  await t.db.query("UPDATE environments SET protected = true WHERE name = 'locked'");
  const strategy = { name: 'flexibleRollout', constraints: [], parameters: { rollout: '50' } };
  await t.db.query(
    "UPDATE project_environments SET default_strategy = $1 WHERE project_id = 'default' AND environment_name = 'production'",
    [JSON.stringify(strategy)],
  );
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
function create(name: string, type = 'test') {
  return t.admin({ method: 'POST', url: '/api/admin/environments', payload: { name, type } });
}

describe('DELETE /api/admin/environments/{name} (removeEnvironment)', () => {
  it('removes the environment with its configuration and tokens, and says what was lost', async () => {
    await create('doomed');
    await buildFlag(t.db, {
      name: 'doomed-flag',
      environments: {
        doomed: { enabled: true, strategies: [{}, {}] },
        development: { enabled: true, strategies: [{}] },
      },
    });
    await buildFlag(t.db, { name: 'doomed-flag-2', environments: { doomed: false } });
    const added = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/environments',
      payload: { environment: 'doomed' },
    });
    expect(added.statusCode).toBe(200);
    const configurations = await countRows(t.db, 'flag_environments', "environment_name = 'doomed'");
    expect(configurations).toBe(await countRows(t.db, 'flags', "project_id = 'default'"));
    const token = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'doomed-sdk', type: 'client', environment: 'doomed' },
    });
    expect(token.statusCode).toBe(201);

    const response = await t.admin({ method: 'DELETE', url: '/api/admin/environments/doomed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'doomed',
      removed: {
        projects: 1,
        flagConfigurations: configurations,
        enabledFlags: 1,
        strategies: 2,
        apiTokens: 1,
      },
    });
    expect(await envRow('doomed')).toBeUndefined();
    expect(await countRows(t.db, 'flag_strategies', "flag_name = 'doomed-flag'")).toBe(1);
    expect(await countRows(t.db, 'api_tokens', "token_name = 'doomed-sdk'")).toBe(0);
    const [event] = await eventsOf('environment-deleted', 'doomed');
    expect(event!.data).toEqual({ removed: response.json().removed });
    expect(await countRows(t.db, 'events', "type = 'api-token-deleted'")).toBeGreaterThan(0);
  });

  it('refuses editors, unknown and protected environments', async () => {
    const before = await allEnvironments();
    const editor = await t.as('Editor');
    const denied = await editor({ method: 'DELETE', url: '/api/admin/environments/qa' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const unknown = await t.admin({ method: 'DELETE', url: '/api/admin/environments/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const locked = await t.admin({ method: 'DELETE', url: '/api/admin/environments/locked' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().name).toBe('InvalidOperationError');
    expect(await allEnvironments()).toEqual(before);
  });

  it('refuses to remove the last environment', async () => {
    const lone = await createTestApp();
    try {
      expect(
        (await lone.admin({ method: 'DELETE', url: '/api/admin/environments/production' })).statusCode,
      ).toBe(200);
      const last = await lone.admin({ method: 'DELETE', url: '/api/admin/environments/development' });
      expect(last.statusCode).toBe(403);
      expect(last.json()).toMatchObject({ name: 'InvalidOperationError' });
      expect(last.json().message).toContain('last environment');
      expect(await countRows(lone.db, 'environments')).toBe(1);
    } finally {
      await lone.close();
    }
  });
});

describe('POST /api/admin/environments/{name}/clone (cloneEnvironment)', () => {
  it("copies every flag's enabled state, variants, strategies and segments, and the default strategy", async () => {
    const variants = [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }];
    await buildFlag(t.db, {
      name: 'clone-on',
      environments: {
        production: {
          enabled: true,
          variants,
          strategies: [
            { name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' } },
            { name: 'default', parameters: { rollout: '100', stickiness: 'default', groupId: 'clone-on' } },
          ],
        },
        development: false,
      },
    });
    await buildFlag(t.db, { name: 'clone-unconfigured' });
    const [segment] = await t.db.query<{ id: number }>(
      "INSERT INTO segments (name) VALUES ('beta-users') RETURNING id",
    );
    const [first] = await t.db.query<{ id: string }>(
      "SELECT id FROM flag_strategies WHERE flag_name = 'clone-on' AND sort_order = 0",
    );
    await t.db.query('INSERT INTO flag_strategy_segments (strategy_id, segment_id) VALUES ($1, $2)', [
      first!.id,
      segment!.id,
    ]);

    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/production/clone',
      payload: { name: 'production-copy', type: 'production', clonePermissions: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'production-copy',
      type: 'production',
      projectCount: 1,
      sortOrder: 201,
    });

    const [copy] = await t.db.query<{ enabled: boolean; variants: unknown }>(
      "SELECT * FROM flag_environments WHERE flag_name = 'clone-on' AND environment_name = 'production-copy'",
    );
    expect(copy).toMatchObject({ enabled: true, variants });
    const strategies = await t.db.query<{
      id: string;
      strategy_name: string;
      parameters: unknown;
      sort_order: number;
    }>(
      "SELECT * FROM flag_strategies WHERE flag_name = 'clone-on' AND environment_name = 'production-copy' ORDER BY sort_order",
    );
    expect(strategies.map((s) => [s.strategy_name, s.parameters])).toEqual([
      ['flexibleRollout', { rollout: '25', stickiness: 'userId', groupId: 'g' }],
      ['default', { rollout: '100', stickiness: 'default', groupId: 'clone-on' }],
    ]);
    expect(strategies[0]!.id).not.toBe(first!.id);
    expect(await countRows(t.db, 'flag_strategy_segments', 'strategy_id = $1', [strategies[0]!.id])).toBe(1);
    const [unconfigured] = await t.db.query<{ enabled: boolean }>(
      "SELECT * FROM flag_environments WHERE flag_name = 'clone-unconfigured' AND environment_name = 'production-copy'",
    );
    expect(unconfigured!.enabled).toBe(false);
    const [link] = await t.db.query<{ default_strategy: unknown }>(
      "SELECT * FROM project_environments WHERE project_id = 'default' AND environment_name = 'production-copy'",
    );
    expect(link!.default_strategy).toMatchObject({ name: 'flexibleRollout', parameters: { rollout: '50' } });
    const [event] = await eventsOf('environment-created', 'production-copy');
    expect(event!.data).toMatchObject({ clonedFrom: 'production', projects: ['default'] });
    expect(
      await countRows(
        t.db,
        'events',
        "type = 'project-environment-added' AND environment = 'production-copy'",
      ),
    ).toBe(1);
  });

  it("copies roles' environment permissions unless clonePermissions is false", async () => {
    const role = await t.admin({
      method: 'POST',
      url: '/api/admin/roles',
      payload: {
        name: 'Production toggler',
        type: 'custom',
        permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }],
      },
    });
    expect(role.statusCode).toBe(200);
    const id = role.json().roles.id;
    for (const [name, clonePermissions] of [
      ['perm-copy', undefined],
      ['perm-none', false],
    ] as const) {
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/environments/production/clone',
        payload: { name, type: 'production', projects: [], clonePermissions },
      });
      expect(response.statusCode).toBe(201);
    }
    const permissions = (await t.admin({ method: 'GET', url: `/api/admin/roles/${id}` })).json().permissions;
    expect(permissions.map((p: { environment: string }) => p.environment).sort()).toEqual([
      'perm-copy',
      'production',
    ]);
    const [event] = await eventsOf('environment-created', 'perm-copy');
    expect(event!.data).toMatchObject({ copied: { permissions: 1 } });
  });

  it('clones into the named projects only', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/production/clone',
      payload: { name: 'detached-copy', type: 'production', projects: [] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().projectCount).toBe(0);
    expect(await countRows(t.db, 'flag_environments', "environment_name = 'detached-copy'")).toBe(0);
  });

  it('refuses editors, bad input, unknown sources and projects, and duplicates, changing nothing', async () => {
    const before = await allEnvironments();
    const strategiesBefore = await countRows(t.db, 'flag_strategies');
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'POST',
      url: '/api/admin/environments/production/clone',
      payload: { name: 'by-editor', type: 'production' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    for (const [payload, path] of [
      [{ type: 'production' }, '/body/name'],
      [{ name: 'x' }, '/body/type'],
      [{ name: 'x', type: 'production', projects: 'default' }, '/body/projects'],
      [{ name: 'x', type: 'production', projects: ['nowhere'] }, '/body/projects'],
      [{ name: 'bad name', type: 'production' }, '/body/name'],
    ] as const) {
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/environments/production/clone',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const unknown = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/nowhere/clone',
      payload: { name: 'x', type: 'production' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const duplicate = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/production/clone',
      payload: { name: 'development', type: 'production' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    expect(await allEnvironments()).toEqual(before);
    expect(await countRows(t.db, 'flag_strategies')).toBe(strategiesBefore);
  });
});
