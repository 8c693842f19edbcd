import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { eventTypes, lastEvent, snapshot } from '../../../testing/db-queries.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
} from '../../../testing/flag-api-builders.ts';

let t: TestApp;
let segment: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO segments (name, constraints) VALUES ('beta-users', '[]') RETURNING id`,
  );
  segment = row!.id;
  await t.db.query(`INSERT INTO strategy_definitions (name, parameters) VALUES ('myCustom', '[]')`);
  await t.db.query(`INSERT INTO projects (id, name) VALUES ('other', 'Other')`);
  await t.db.query(`INSERT INTO segments (name, project_id) VALUES ('other-only', 'other')`);
  await t.db.query(
    `INSERT INTO context_fields (name, legal_values) VALUES ('region', '[{"value":"eu"},{"value":"us"}]')`,
  );
});
afterAll(() => t.close());

const strategiesUrl = (flag: string, environment = 'development') =>
  `${environmentUrl(flag, environment)}/strategies`;

describe('updateFeatureStrategy', () => {
  it('replaces the fields given and keeps the others, recording data and preData', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, {
      name: 'flexibleRollout',
      parameters: { rollout: '10' },
      segments: [segment],
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
    });
    const response = await t.admin({
      method: 'PUT',
      url: `${strategiesUrl(flag)}/${strategy.id}`,
      payload: { parameters: { rollout: '60', stickiness: 'sessionId', groupId: flag }, title: 'sixty' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: strategy.id,
      name: 'flexibleRollout',
      title: 'sixty',
      parameters: { rollout: '60', stickiness: 'sessionId', groupId: flag },
      segments: [segment],
      constraints: [{ contextName: 'appName', values: ['web'] }],
    });
    const event = await lastEvent(t.db, flag);
    expect(event).toMatchObject({
      type: 'feature-strategy-update',
      environment: 'development',
      data: { parameters: { rollout: '60' } },
      pre_data: { parameters: { rollout: '10' } },
    });
  });

  it('turns the environment off when its last active strategy is disabled', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'default' });
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    await t.admin({
      method: 'PUT',
      url: `${strategiesUrl(flag)}/${strategy.id}`,
      payload: { disabled: true },
    });
    const environment = (await t.admin({ method: 'GET', url: environmentUrl(flag) })).json();
    expect(environment.enabled).toBe(false);
    expect((await eventTypes(t.db, flag)).slice(-2)).toEqual([
      'feature-strategy-update',
      'feature-environment-disabled',
    ]);
  });

  it('is denied to a Viewer, and refuses bad input and unknown strategies without changes', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'default' });
    const url = `${strategiesUrl(flag)}/${strategy.id}`;
    const before = await snapshot(t.db);
    expect((await (await t.as('Viewer'))({ method: 'PUT', url, payload: { title: 'x' } })).statusCode).toBe(
      403,
    );
    const bad = await t.admin({
      method: 'PUT',
      url,
      payload: { constraints: [{ contextName: 'a', operator: 'NUM_GT', value: 'many' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/constraints/0/value');
    const unknownType = await t.admin({ method: 'PUT', url, payload: { name: 'nope' } });
    expect(unknownType.statusCode).toBe(400);
    const missing = await t.admin({
      method: 'PUT',
      url: `${strategiesUrl(flag)}/nope`,
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('patchFeatureStrategy', () => {
  it('applies JSON Patch to the strategy as GET shows it', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'flexibleRollout' });
    const response = await t.admin({
      method: 'PATCH',
      url: `${strategiesUrl(flag)}/${strategy.id}`,
      payload: [
        { op: 'replace', path: '/parameters/rollout', value: '42' },
        {
          op: 'add',
          path: '/constraints/-',
          value: { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['a'] },
        },
        { op: 'add', path: '/segments/-', value: segment },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      parameters: { rollout: '42', groupId: flag },
      constraints: [{ contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['a'] }],
      segments: [segment],
    });
  });

  it('is denied to a Viewer and refuses a patch whose result is invalid', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'default' });
    const url = `${strategiesUrl(flag)}/${strategy.id}`;
    const before = await snapshot(t.db);
    const denied = await (
      await t.as('Viewer')
    )({ method: 'PATCH', url, payload: [{ op: 'replace', path: '/title', value: 'x' }] });
    expect(denied.statusCode).toBe(403);
    const invalid = await t.admin({
      method: 'PATCH',
      url,
      payload: [{ op: 'replace', path: '/disabled', value: 'maybe' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('/patched/disabled');
    const badSegment = await t.admin({
      method: 'PATCH',
      url,
      payload: [{ op: 'add', path: '/segments/-', value: 424242 }],
    });
    expect(badSegment.statusCode).toBe(400);
    const badPointer = await t.admin({ method: 'PATCH', url, payload: [{ op: 'remove', path: '/nope' }] });
    expect(badPointer.statusCode).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('deleteFeatureStrategy', () => {
  it('deletes the strategy and turns the environment off when none is left active', async () => {
    const flag = await createFlagThroughApi(t);
    const first = await addStrategyThroughApi(t, flag, { name: 'default' });
    const second = await addStrategyThroughApi(t, flag, { name: 'default' });
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    expect((await t.admin({ method: 'DELETE', url: `${strategiesUrl(flag)}/${first.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.admin({ method: 'GET', url: environmentUrl(flag) })).json().enabled).toBe(true);
    expect((await t.admin({ method: 'DELETE', url: `${strategiesUrl(flag)}/${second.id}` })).statusCode).toBe(
      200,
    );
    const environment = (await t.admin({ method: 'GET', url: environmentUrl(flag) })).json();
    expect(environment).toMatchObject({ enabled: false, strategies: [] });
    expect((await eventTypes(t.db, flag)).slice(-2)).toEqual([
      'feature-strategy-remove',
      'feature-environment-disabled',
    ]);
    const [removed] = await t.db.query<{ pre_data: { id: string } }>(
      `SELECT pre_data FROM events WHERE feature_name = $1 AND type = 'feature-strategy-remove' ORDER BY id LIMIT 1`,
      [flag],
    );
    expect(removed!.pre_data.id).toBe(first.id);
  });

  it('is denied to a Viewer and answers 404 for an unknown strategy', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'default' });
    const before = await snapshot(t.db);
    const denied = await (
      await t.as('Viewer')
    )({ method: 'DELETE', url: `${strategiesUrl(flag)}/${strategy.id}` });
    expect(denied.statusCode).toBe(403);
    const missing = await t.admin({ method: 'DELETE', url: `${strategiesUrl(flag)}/not-a-strategy` });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('setStrategySortOrder', () => {
  it('reorders strategies and records strategy-order-changed', async () => {
    const flag = await createFlagThroughApi(t);
    const a = await addStrategyThroughApi(t, flag, { name: 'default', title: 'a' });
    const b = await addStrategyThroughApi(t, flag, { name: 'default', title: 'b' });
    const c = await addStrategyThroughApi(t, flag, { name: 'default', title: 'c' });
    const response = await t.admin({
      method: 'POST',
      url: `${strategiesUrl(flag)}/set-sort-order`,
      payload: [
        { id: c.id, sortOrder: 0 },
        { id: a.id, sortOrder: 1 },
        { id: b.id, sortOrder: 2 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const titles = (await t.admin({ method: 'GET', url: strategiesUrl(flag) }))
      .json()
      .map((s: { title: string }) => s.title);
    expect(titles).toEqual(['c', 'a', 'b']);
    expect((await lastEvent(t.db, flag))!.type).toBe('strategy-order-changed');
  });

  it('is denied to a Viewer and refuses ids of other flags or wrong types without changes', async () => {
    const flag = await createFlagThroughApi(t);
    const other = await createFlagThroughApi(t);
    const a = await addStrategyThroughApi(t, flag, { name: 'default' });
    const foreign = await addStrategyThroughApi(t, other, { name: 'default' });
    const url = `${strategiesUrl(flag)}/set-sort-order`;
    const before = await snapshot(t.db);
    expect(
      (await (await t.as('Viewer'))({ method: 'POST', url, payload: [{ id: a.id, sortOrder: 3 }] }))
        .statusCode,
    ).toBe(403);
    const foreignId = await t.admin({
      method: 'POST',
      url,
      payload: [
        { id: a.id, sortOrder: 3 },
        { id: foreign.id, sortOrder: 1 },
      ],
    });
    expect(foreignId.statusCode).toBe(400);
    expect(foreignId.json().details[0].path).toBe('/body/1/id');
    const wrongType = await t.admin({ method: 'POST', url, payload: [{ id: a.id, sortOrder: 'first' }] });
    expect(wrongType.statusCode).toBe(400);
    const missing = await t.admin({
      method: 'POST',
      url: `${strategiesUrl('nope')}/set-sort-order`,
      payload: [],
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});
