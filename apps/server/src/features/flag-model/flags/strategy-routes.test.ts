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

describe('addFeatureStrategy', () => {
  it('adds every built-in and custom strategy type in order, with UUID ids', async () => {
    const flag = await createFlagThroughApi(t);
    const names = [
      'default',
      'flexibleRollout',
      'userWithId',
      'gradualRolloutUserId',
      'gradualRolloutSessionId',
      'gradualRolloutRandom',
      'remoteAddress',
      'applicationHostname',
      'myCustom',
    ];
    for (const name of names) await addStrategyThroughApi(t, flag, { name });
    const listed = (await t.admin({ method: 'GET', url: strategiesUrl(flag) })).json();
    expect(listed.map((s: { name: string }) => s.name)).toEqual(names);
    expect(listed.map((s: { sortOrder: number }) => s.sortOrder)).toEqual(names.map((_, index) => index));
    for (const strategy of listed) expect(strategy.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await eventTypes(t.db, flag)).filter((type) => type === 'feature-strategy-add')).toHaveLength(
      names.length,
    );
  });

  it('fills flexibleRollout defaults and parameters {} , and stores constraints, variants and segments', async () => {
    const flag = await createFlagThroughApi(t);
    const bare = await addStrategyThroughApi(t, flag, { name: 'flexibleRollout' });
    expect(bare.parameters).toEqual({ rollout: '100', stickiness: 'default', groupId: flag });
    const plain = await addStrategyThroughApi(t, flag, { name: 'default' });
    expect(plain.parameters).toEqual({});
    const full = await addStrategyThroughApi(t, flag, {
      name: 'flexibleRollout',
      title: 'EU beta',
      parameters: { rollout: 25, stickiness: 'userId', groupId: 'g' },
      constraints: [
        { contextName: 'region', operator: 'IN', values: ['eu'] },
        { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3', inverted: true },
      ],
      variants: [
        { name: 'b', payload: { type: 'string', value: 'x' } },
        { name: 'a', weight: 100, weightType: 'fix', stickiness: 'userId' },
      ],
      segments: [segment],
    });
    expect(full).toMatchObject({
      title: 'EU beta',
      disabled: false,
      featureName: flag,
      parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' },
      constraints: [
        { contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false },
        { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3', values: [], inverted: true },
      ],
      variants: [
        { name: 'b', weight: 900, weightType: 'variable', payload: { type: 'string', value: 'x' } },
        { name: 'a', weight: 100, weightType: 'fix', stickiness: 'userId' },
      ],
      segments: [segment],
    });
    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM flag_strategy_segments WHERE strategy_id = $1 AND segment_id = $2',
      [full.id, segment],
    );
    expect(row!.n).toBe(1);
    expect((await lastEvent(t.db, flag))!.data).toMatchObject({ id: full.id, name: 'flexibleRollout' });
  });

  it('puts a strategy after one at the very end of the sort order without going past the column', async () => {
    const flag = await createFlagThroughApi(t);
    const add = (payload: object) =>
      t.admin({ method: 'POST', url: strategiesUrl(flag), payload: { name: 'default', ...payload } });
    expect((await add({ sortOrder: 2_147_483_647 })).statusCode).toBe(200);
    const next = await add({});
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().sortOrder).toBe(2_147_483_647);
  });

  it('is denied to a Viewer', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await (
      await t.as('Viewer')
    )({ method: 'POST', url: strategiesUrl(flag), payload: { name: 'default' } });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toBe(before);
  });

  it.each([
    [{}, '/body/name', undefined],
    [{ name: 'noSuchStrategy' }, '/body/name', 'Could not find strategy type: noSuchStrategy'],
    [{ name: 'default', segments: [99999] }, '/body/segments', 'Segment 99999 does not exist'],
    [
      { name: 'default', segments: [99991, 99992, 99993, 99994, 99995, 99996] },
      '/body/segments',
      'more than 5 segments',
    ],
    [
      { name: 'default', constraints: [{ contextName: 'a', operator: 'BOGUS', values: ['x'] }] },
      '/body/constraints/0/operator',
      undefined,
    ],
    [
      { name: 'default', constraints: [{ contextName: 'a', operator: 'NUM_GT', value: 'x' }] },
      '/body/constraints/0/value',
      'not a number',
    ],
    [
      { name: 'default', constraints: [{ contextName: 'region', operator: 'IN', values: ['mars'] }] },
      '/body/constraints/0',
      'legal value',
    ],
    [
      { name: 'default', variants: [{ name: 'a', weight: 0, weightType: 'fix' }] },
      '/body/variants',
      'add up to 0',
    ],
    [{ name: 'default', variants: [{ name: 'a', overrides: [] }] }, '/body/variants/0', undefined],
    [{ name: 'default', parameters: { nested: { no: 1 } } }, '/body/parameters/nested', undefined],
    [{ name: 'default', disabled: 'no' }, '/body/disabled', undefined],
  ])('refuses %j with a 400 naming the field, changing nothing', async (payload, path, message) => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await t.admin({ method: 'POST', url: strategiesUrl(flag), payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    if (message) expect(response.json().message).toContain(message);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses a segment of another project', async () => {
    const flag = await createFlagThroughApi(t);
    const [other] = await t.db.query<{ id: number }>(`SELECT id FROM segments WHERE name = 'other-only'`);
    const response = await t.admin({
      method: 'POST',
      url: strategiesUrl(flag),
      payload: { name: 'default', segments: [other!.id] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('belongs to project "other"');
  });

  it('answers 404 for an unknown flag or environment', async () => {
    const flag = await createFlagThroughApi(t);
    for (const url of [strategiesUrl('no-such-flag'), strategiesUrl(flag, 'no-such-env')]) {
      const response = await t.admin({ method: 'POST', url, payload: { name: 'default' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('getFeatureStrategies and getFeatureStrategy', () => {
  it('lists in order and reads one by id, also for a Viewer', async () => {
    const flag = await createFlagThroughApi(t);
    const first = await addStrategyThroughApi(t, flag, { name: 'default' });
    const second = await addStrategyThroughApi(t, flag, {
      name: 'remoteAddress',
      parameters: { IPs: '10.0.0.1' },
    });
    const viewer = await t.as('Viewer');
    const list = await viewer({ method: 'GET', url: strategiesUrl(flag) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
    const one = await viewer({ method: 'GET', url: `${strategiesUrl(flag)}/${second.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(second);
    expect((await t.app.inject({ method: 'GET', url: strategiesUrl(flag) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown strategy, or one of another environment', async () => {
    const flag = await createFlagThroughApi(t);
    const production = await addStrategyThroughApi(t, flag, { name: 'default' }, 'production');
    for (const url of [
      `${strategiesUrl(flag)}/${production.id}`,
      `${strategiesUrl(flag)}/nope`,
      strategiesUrl('nope'),
    ]) {
      const response = await t.admin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('validateConstraint', () => {
  const VALIDATE = '/api/admin/constraints/validate';

  it('answers 204 for valid constraints of every operator family, also for a Viewer', async () => {
    const viewer = await t.as('Viewer');
    for (const payload of [
      { contextName: 'region', operator: 'IN', values: ['eu'] },
      { contextName: 'n', operator: 'NUM_LTE', value: '3.5' },
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2026-01-01T00:00:00Z' },
      { contextName: 'version', operator: 'SEMVER_LT', value: '2.0.0-rc.1' },
      { contextName: 'email', operator: 'REGEX', value: '@example\\.com$', caseInsensitive: true },
      { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['192.168.0.0/16'] },
    ]) {
      const response = await viewer({ method: 'POST', url: VALIDATE, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(204);
    }
    expect((await t.app.inject({ method: 'POST', url: VALIDATE, payload: {} })).statusCode).toBe(401);
  });

  it.each([
    [{ contextName: 'n', operator: 'NUM_EQ', value: 'abc' }, '/body/value'],
    [{ contextName: 'v', operator: 'SEMVER_EQ', value: 'v1.0.0' }, '/body/value'],
    [{ contextName: 'd', operator: 'DATE_BEFORE', value: 'yesterday' }, '/body/value'],
    [{ contextName: 'r', operator: 'REGEX', value: '(?<=x)y' }, '/body/value'],
    [{ contextName: 'ip', operator: 'IN_CIDR', values: ['10.0.0.0/33'] }, '/body/values/0'],
    [{ contextName: 'region', operator: 'IN', values: ['mars'] }, '/body'],
    [{ contextName: 'x', operator: 'LIKE', values: ['a'] }, '/body/operator'],
    [{ operator: 'IN', values: ['a'] }, '/body/contextName'],
  ])('answers 400 for %j naming the field', async (payload, path) => {
    const response = await t.admin({ method: 'POST', url: VALIDATE, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details[0].path).toBe(path);
  });
});
