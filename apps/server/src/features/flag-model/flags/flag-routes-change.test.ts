import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { count, eventTypes, lastEvent, snapshot } from '../../../testing/db-queries.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
  flagUrl,
  uniqueName,
} from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO projects (id, name) VALUES ('other', 'Other')`);
  await t.db.query(
    `INSERT INTO project_environments (project_id, environment_name) VALUES ('other', 'development')`,
  );
});
afterAll(() => t.close());

describe('updateFeature', () => {
  it('sets the fields given, keeps the others, and records metadata and staleness events', async () => {
    const name = await createFlagThroughApi(t, { description: 'before', impressionData: true });
    const response = await t.admin({
      method: 'PUT',
      url: flagUrl(name),
      payload: {
        name,
        type: 'operational',
        description: 'after',
        stale: true,
        createdAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'operational',
      description: 'after',
      stale: true,
      impressionData: true,
    });
    expect(await eventTypes(t.db, name)).toEqual([
      'feature-created',
      'feature-metadata-updated',
      'feature-stale-on',
    ]);
    const [metadata] = await t.db.query<{ data: { description: string }; pre_data: { description: string } }>(
      `SELECT data, pre_data FROM events WHERE feature_name = $1 AND type = 'feature-metadata-updated'`,
      [name],
    );
    expect([metadata!.pre_data.description, metadata!.data.description]).toEqual(['before', 'after']);
  });

  it('is denied to a Viewer', async () => {
    const name = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await (
      await t.as('Viewer')
    )({ method: 'PUT', url: flagUrl(name), payload: { stale: true } });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toBe(before);
  });

  it.each([
    [{ name: 'renamed' }, 400, '/body/name'],
    [{ stale: 'yes' }, 400, '/body/stale'],
    [{ type: 'no-such-type' }, 400, '/body/type'],
    [{ archived: true }, 400, '/body/archived'],
  ])('refuses %j and changes nothing', async (payload, status, path) => {
    const name = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await t.admin({ method: 'PUT', url: flagUrl(name), payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details[0].path).toBe(path);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('answers 404 for an unknown flag', async () => {
    const response = await t.admin({ method: 'PUT', url: flagUrl('no-such-flag'), payload: { stale: true } });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });
});

describe('patchFeature', () => {
  it('applies JSON Patch to description, type, stale and impressionData', async () => {
    const name = await createFlagThroughApi(t, { description: 'old' });
    const response = await t.admin({
      method: 'PATCH',
      url: flagUrl(name),
      payload: [
        { op: 'replace', path: '/description', value: 'new' },
        { op: 'replace', path: '/stale', value: true },
        { op: 'replace', path: '/impressionData', value: true },
        { op: 'replace', path: '/type', value: 'kill-switch' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'new',
      stale: true,
      impressionData: true,
      type: 'kill-switch',
    });
    expect(await eventTypes(t.db, name)).toEqual([
      'feature-created',
      'feature-metadata-updated',
      'feature-stale-on',
    ]);
  });

  it('is denied to a Viewer', async () => {
    const name = await createFlagThroughApi(t);
    const response = await (
      await t.as('Viewer')
    )({
      method: 'PATCH',
      url: flagUrl(name),
      payload: [{ op: 'replace', path: '/stale', value: true }],
    });
    expect(response.statusCode).toBe(403);
    expect((await t.admin({ method: 'GET', url: flagUrl(name) })).json().stale).toBe(false);
  });

  it.each([
    [[{ op: 'replace', path: '/name', value: 'other' }], '/body/0/path'],
    [[{ op: 'replace', path: '/stale', value: 'yes' }], '/body'],
    [[{ op: 'test', path: '/description', value: 'not this' }], '/body/0'],
    [[{ op: 'jump', path: '/stale' }], '/body/0/op'],
    [{ op: 'replace' }, '/body'],
  ])('refuses %j and changes nothing', async (payload, path) => {
    const name = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await t.admin({ method: 'PATCH', url: flagUrl(name), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details[0].path).toBe(path);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('archiveFeature', () => {
  it('sets archived_at (nothing is deleted), hides the flag and records feature-archived', async () => {
    const name = await createFlagThroughApi(t);
    await addStrategyThroughApi(t, name);
    const response = await t.admin({ method: 'DELETE', url: flagUrl(name) });
    expect(response.statusCode).toBe(202);
    const [row] = await t.db.query<{ archived_at: Date | null }>(
      'SELECT archived_at FROM flags WHERE name = $1',
      [name],
    );
    expect(row!.archived_at).toBeInstanceOf(Date);
    expect(await count(t.db, 'SELECT 1 FROM flag_strategies WHERE flag_name = $1', [name])).toBe(1);
    expect((await t.admin({ method: 'GET', url: flagUrl(name) })).statusCode).toBe(404);
    expect((await lastEvent(t.db, name))!.type).toBe('feature-archived');
  });

  it('refuses to archive a parent whose children are active (403), and drops a child’s links when it goes', async () => {
    const parent = await createFlagThroughApi(t);
    const child = await createFlagThroughApi(t);
    await t.db.query('INSERT INTO flag_dependencies (parent, child) VALUES ($1, $2)', [parent, child]);
    const before = await snapshot(t.db);
    const refused = await t.admin({ method: 'DELETE', url: flagUrl(parent) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('InvalidOperationError');
    expect(await snapshot(t.db)).toBe(before);
    expect((await t.admin({ method: 'DELETE', url: flagUrl(child) })).statusCode).toBe(202);
    expect(await count(t.db, 'SELECT 1 FROM flag_dependencies WHERE child = $1', [child])).toBe(0);
    expect((await t.admin({ method: 'DELETE', url: flagUrl(parent) })).statusCode).toBe(202);
  });

  it('is denied to a Viewer and answers 404 for an unknown flag', async () => {
    const name = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    expect((await (await t.as('Viewer'))({ method: 'DELETE', url: flagUrl(name) })).statusCode).toBe(403);
    const missing = await t.admin({ method: 'DELETE', url: flagUrl('no-such-flag') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('cloneFeature', () => {
  it('copies fields, strategies (groupId replaced) and variants; the copy starts off', async () => {
    const source = await createFlagThroughApi(t, {
      type: 'experiment',
      description: 'source',
      impressionData: true,
    });
    await addStrategyThroughApi(t, source, {
      name: 'flexibleRollout',
      parameters: { rollout: '30', stickiness: 'userId' },
    });
    await addStrategyThroughApi(t, source, {
      name: 'default',
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['a'] }],
    });
    await t.admin({ method: 'PUT', url: `${environmentUrl(source)}/variants`, payload: [{ name: 'v1' }] });
    await t.admin({ method: 'POST', url: `${environmentUrl(source)}/on` });
    const name = uniqueName('clone');
    const response = await t.admin({ method: 'POST', url: `${flagUrl(source)}/clone`, payload: { name } });
    expect(response.statusCode).toBe(201);
    const clone = response.json();
    expect(clone).toMatchObject({ name, type: 'experiment', description: 'source', impressionData: true });
    const development = clone.environments.find((e: { name: string }) => e.name === 'development');
    expect(development.enabled).toBe(false);
    expect(development.strategies.map((s: { name: string }) => s.name)).toEqual([
      'flexibleRollout',
      'default',
    ]);
    expect(development.strategies[0].parameters).toEqual({
      rollout: '30',
      stickiness: 'userId',
      groupId: name,
    });
    expect(development.strategies[1].constraints[0].values).toEqual(['a']);
    expect(development.variants.map((v: { name: string }) => v.name)).toEqual(['v1']);

    const kept = uniqueName('clone');
    await t.admin({
      method: 'POST',
      url: `${flagUrl(source)}/clone`,
      payload: { name: kept, replaceGroupId: false },
    });
    const keptFlag = (await t.admin({ method: 'GET', url: flagUrl(kept) })).json();
    expect(keptFlag.environments[0].strategies[0].parameters.groupId).toBe(source);
  });

  it('does not copy a flag of another project: 404, and nothing is created', async () => {
    const source = await createFlagThroughApi(t);
    await addStrategyThroughApi(t, source, { name: 'default' }, 'development');
    const name = uniqueName('clone');
    const before = await snapshot(t.db);
    const response = await t.admin({
      method: 'POST',
      url: `/api/admin/projects/other/features/${encodeURIComponent(source)}/clone`,
      payload: { name },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('in project "other"');
    expect(await count(t.db, `SELECT 1 FROM flags WHERE name = $1`, [name])).toBe(0);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('is denied to a Viewer', async () => {
    const source = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await (
      await t.as('Viewer')
    )({
      method: 'POST',
      url: `${flagUrl(source)}/clone`,
      payload: { name: uniqueName() },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses a taken name (409), an invalid name (400) and an unknown source (404)', async () => {
    const source = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const taken = await t.admin({
      method: 'POST',
      url: `${flagUrl(source)}/clone`,
      payload: { name: source },
    });
    expect(taken.statusCode).toBe(409);
    const invalid = await t.admin({
      method: 'POST',
      url: `${flagUrl(source)}/clone`,
      payload: { name: 'a b' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().name).toBe('BadDataError');
    const missing = await t.admin({
      method: 'POST',
      url: `${flagUrl('no-such')}/clone`,
      payload: { name: 'xyz' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});
