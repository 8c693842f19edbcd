import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countRows } from '../../../testing/db-queries.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/projects',
    payload: {
      id: 'pe',
      name: 'Project environments',
      environments: ['development'],
      defaultStickiness: 'userId',
    },
  });
  expect(created.statusCode).toBe(201);
  await buildFlag(t.db, { name: 'pe-flag', project: 'pe', environments: { development: true } });
});
afterAll(() => t.close());

const links = () => t.db.query('SELECT * FROM project_environments ORDER BY project_id, environment_name');
const flagEnvironments = () =>
  t.db.query('SELECT * FROM flag_environments ORDER BY flag_name, environment_name');
const add = (projectId: string, payload: object) =>
  t.admin({ method: 'POST', url: `/api/admin/projects/${projectId}/environments`, payload });

describe('POST /api/admin/projects/{projectId}/environments (addEnvironmentToProject)', () => {
  it("adds the environment, gives the project's flags a disabled configuration in it, and records it", async () => {
    const response = await add('pe', { environment: 'production' });
    expect(response.statusCode).toBe(200);
    expect(
      await countRows(t.db, 'project_environments', "project_id = 'pe' AND environment_name = 'production'"),
    ).toBe(1);
    const [row] = await t.db.query<{ enabled: boolean }>(
      "SELECT * FROM flag_environments WHERE flag_name = 'pe-flag' AND environment_name = 'production'",
    );
    expect(row!.enabled).toBe(false);
    const [event] = await t.db.query<{ project: string; environment: string }>(
      "SELECT * FROM events WHERE type = 'project-environment-added' AND project = 'pe'",
    );
    expect(event).toMatchObject({ project: 'pe', environment: 'production' });
  });

  it('can set a default strategy at the same time', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/environments',
      payload: { name: 'staging', type: 'test' },
    });
    const response = await add('pe', {
      environment: 'staging',
      changeRequestsEnabled: false,
      defaultStrategy: { name: 'flexibleRollout', parameters: { rollout: 25 } },
    });
    expect(response.statusCode).toBe(200);
    const [link] = await t.db.query<{ default_strategy: unknown }>(
      "SELECT default_strategy FROM project_environments WHERE project_id = 'pe' AND environment_name = 'staging'",
    );
    expect(link!.default_strategy).toEqual({
      name: 'flexibleRollout',
      constraints: [],
      parameters: { rollout: '25', stickiness: 'userId', groupId: '' },
      variants: [],
      segments: [],
    });
  });

  it('refuses viewers', async () => {
    const before = await links();
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'POST',
      url: '/api/admin/projects/default/environments',
      payload: { environment: 'staging' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await links()).toEqual(before);
  });

  it('refuses bad input, unknown projects and environments, and duplicates, changing nothing', async () => {
    const before = await links();
    const configurations = await flagEnvironments();
    for (const [payload, path] of [
      [{}, '/body/environment'],
      [{ environment: 5 }, '/body/environment'],
      [{ environment: 'production', defaultStrategy: { name: 'default' } }, '/body/defaultStrategy/name'],
    ] as const) {
      const response = await add('default', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const unknownEnvironment = await add('default', { environment: 'nowhere' });
    expect(unknownEnvironment.statusCode).toBe(404);
    expect(unknownEnvironment.json().name).toBe('NotFoundError');
    const unknownProject = await add('nowhere', { environment: 'production' });
    expect(unknownProject.statusCode).toBe(404);
    expect(unknownProject.json().name).toBe('NotFoundError');
    const duplicate = await add('default', { environment: 'production' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      name: 'NameExistsError',
      message: 'default already has the environment production enabled',
    });
    expect(await links()).toEqual(before);
    expect(await flagEnvironments()).toEqual(configurations);
  });
});

describe('DELETE /api/admin/projects/{projectId}/environments/{environment} (removeEnvironmentFromProject)', () => {
  it("removes the environment with the project's configuration and strategies in it", async () => {
    await buildFlag(t.db, {
      name: 'pe-removed',
      project: 'pe',
      environments: {
        production: { enabled: true, strategies: [{}] },
        development: { enabled: true, strategies: [{}] },
      },
    });
    await buildFlag(t.db, {
      name: 'elsewhere',
      environments: { production: { enabled: true, strategies: [{}] } },
    });
    const response = await t.admin({
      method: 'DELETE',
      url: '/api/admin/projects/pe/environments/production',
    });
    expect(response.statusCode).toBe(200);
    expect(
      await countRows(t.db, 'project_environments', "project_id = 'pe' AND environment_name = 'production'"),
    ).toBe(0);
    expect(
      await countRows(t.db, 'flag_environments', "flag_name LIKE 'pe-%' AND environment_name = 'production'"),
    ).toBe(0);
    expect(await countRows(t.db, 'flag_strategies', "flag_name = 'pe-removed'")).toBe(1);
    expect(await countRows(t.db, 'flag_strategies', "flag_name = 'elsewhere'")).toBe(1);
    expect(await countRows(t.db, 'environments', "name = 'production'")).toBe(1);
    const [event] = await t.db.query<{ data: Record<string, unknown> }>(
      "SELECT * FROM events WHERE type = 'project-environment-removed' AND project = 'pe'",
    );
    expect(event!.data).toEqual({
      environment: 'production',
      removed: { flagConfigurations: 2, strategies: 1 },
    });
  });

  it('refuses viewers, unknown projects and environments, and environments the project lacks', async () => {
    const before = await links();
    const viewer = await t.as('Viewer');
    const denied = await viewer({ method: 'DELETE', url: '/api/admin/projects/pe/environments/development' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    for (const url of [
      '/api/admin/projects/nowhere/environments/development',
      '/api/admin/projects/pe/environments/nowhere',
      '/api/admin/projects/pe/environments/production',
    ]) {
      const response = await t.admin({ method: 'DELETE', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
    expect(await links()).toEqual(before);
  });
});

describe('POST /api/admin/projects/{projectId}/environments/{environment}/default-strategy (addDefaultStrategyToProjectEnvironment)', () => {
  const url = '/api/admin/projects/pe/environments/development/default-strategy';

  it('stores a flexibleRollout with the defaults filled in, and records before and after', async () => {
    const response = await t.admin({
      method: 'POST',
      url,
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: 50, groupId: 'launch' },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
      },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      name: 'flexibleRollout',
      constraints: [
        {
          contextName: 'userId',
          operator: 'IN',
          values: ['1', '2'],
          inverted: false,
          caseInsensitive: false,
        },
      ],
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'launch' },
      variants: [],
      segments: [],
    };
    expect(response.json()).toEqual(expected);
    const [link] = await t.db.query<{ default_strategy: unknown }>(
      "SELECT default_strategy FROM project_environments WHERE project_id = 'pe' AND environment_name = 'development'",
    );
    expect(link!.default_strategy).toEqual(expected);
    const [event] = await t.db.query<{ data: unknown; pre_data: unknown; environment: string }>(
      "SELECT * FROM events WHERE type = 'default-strategy-updated' AND project = 'pe'",
    );
    expect(event).toMatchObject({ data: expected, pre_data: null, environment: 'development' });
  });

  it('refuses viewers', async () => {
    const before = await links();
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'POST', url, payload: { name: 'flexibleRollout' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await links()).toEqual(before);
  });

  it('refuses other strategies, bad constraints, unknown segments and unknown targets, changing nothing', async () => {
    const before = await links();
    for (const [payload, path] of [
      [{}, '/body/name'],
      [{ name: 'default' }, '/body/name'],
      [{ name: 'flexibleRollout', parameters: 'all' }, '/body/parameters'],
      [
        {
          name: 'flexibleRollout',
          constraints: [{ contextName: 'userId', operator: 'LIKE', values: ['1'] }],
        },
        '/body/constraints/0/operator',
      ],
      [
        { name: 'flexibleRollout', constraints: [{ contextName: 'age', operator: 'NUM_GT', value: 'old' }] },
        '/body/constraints/0/value',
      ],
      [{ name: 'flexibleRollout', segments: [999] }, '/body/segments'],
    ] as const) {
      const response = await t.admin({ method: 'POST', url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    for (const target of [
      'nowhere/environments/development',
      'pe/environments/nowhere',
      'pe/environments/production',
    ]) {
      const response = await t.admin({
        method: 'POST',
        url: `/api/admin/projects/${target}/default-strategy`,
        payload: { name: 'flexibleRollout' },
      });
      expect(response.statusCode, target).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
    expect(await links()).toEqual(before);
  });
});
