import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { eventTypes, lastEvent, snapshot } from '../../../testing/db-queries.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
} from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO environments (name, type, sort_order) VALUES ('staging', 'test', 150)`);
});
afterAll(() => t.close());

describe('getFeatureEnvironment', () => {
  it('shows the flag in one environment with strategies and variants, also to a Viewer', async () => {
    const flag = await createFlagThroughApi(t);
    const strategy = await addStrategyThroughApi(t, flag, { name: 'default' }, 'production');
    await t.admin({
      method: 'PUT',
      url: `${environmentUrl(flag, 'production')}/variants`,
      payload: [{ name: 'a' }],
    });
    const response = await (await t.as('Viewer'))({ method: 'GET', url: environmentUrl(flag, 'production') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: flag,
      environment: 'production',
      type: 'production',
      enabled: false,
      sortOrder: 200,
      strategies: [{ id: strategy.id, name: 'default' }],
      variants: [{ name: 'a', weight: 1000 }],
    });
    expect((await t.app.inject({ method: 'GET', url: environmentUrl(flag) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown flag, an unknown environment and one not in the project', async () => {
    const flag = await createFlagThroughApi(t);
    for (const url of [
      environmentUrl('nope'),
      environmentUrl(flag, 'nope'),
      environmentUrl(flag, 'staging'),
    ]) {
      const response = await t.admin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('toggleFeatureEnvironmentOn', () => {
  it('adds the default flexibleRollout when nothing is active and records feature-environment-enabled', async () => {
    const flag = await createFlagThroughApi(t);
    const response = await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    expect(response.statusCode).toBe(200);
    const environment = (await t.admin({ method: 'GET', url: environmentUrl(flag) })).json();
    expect(environment.enabled).toBe(true);
    expect(environment.strategies).toEqual([
      expect.objectContaining({
        name: 'flexibleRollout',
        constraints: [],
        parameters: { rollout: '100', stickiness: 'default', groupId: flag },
      }),
    ]);
    expect(await eventTypes(t.db, flag)).toEqual([
      'feature-created',
      'feature-strategy-add',
      'feature-environment-enabled',
    ]);
    expect(await lastEvent(t.db, flag)).toMatchObject({
      environment: 'development',
      data: { enabled: true },
    });
  });

  it('adds a default also when every strategy is disabled, unless asked to re-activate them', async () => {
    const flag = await createFlagThroughApi(t);
    const disabled = await addStrategyThroughApi(t, flag, {
      name: 'userWithId',
      disabled: true,
      parameters: { userIds: '1' },
    });
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    let strategies = (await t.admin({ method: 'GET', url: environmentUrl(flag) })).json().strategies;
    expect(strategies.map((s: { name: string; disabled: boolean }) => [s.name, s.disabled])).toEqual([
      ['userWithId', true],
      ['flexibleRollout', false],
    ]);

    const other = await createFlagThroughApi(t);
    await addStrategyThroughApi(t, other, {
      name: 'userWithId',
      disabled: true,
      parameters: { userIds: '1' },
    });
    await t.admin({
      method: 'POST',
      url: `${environmentUrl(other)}/on?shouldActivateDisabledStrategies=true`,
    });
    strategies = (await t.admin({ method: 'GET', url: environmentUrl(other) })).json().strategies;
    expect(strategies.map((s: { name: string; disabled: boolean }) => [s.name, s.disabled])).toEqual([
      ['userWithId', false],
    ]);
    expect(disabled.id).toBeTruthy();
  });

  it('uses the project default strategy of the environment when one is configured', async () => {
    await t.db.query(
      `UPDATE project_environments SET default_strategy = $1 WHERE project_id = 'default' AND environment_name = 'production'`,
      [
        JSON.stringify({
          name: 'flexibleRollout',
          constraints: [],
          parameters: { rollout: '20', stickiness: 'sessionId', groupId: '' },
        }),
      ],
    );
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'production')}/on` });
    const [strategy] = (await t.admin({ method: 'GET', url: environmentUrl(flag, 'production') })).json()
      .strategies;
    expect(strategy.parameters).toEqual({ rollout: '20', stickiness: 'sessionId', groupId: flag });
    await t.db.query(`UPDATE project_environments SET default_strategy = NULL WHERE project_id = 'default'`);
  });

  it('keeps existing active strategies and records nothing when already on', async () => {
    const flag = await createFlagThroughApi(t);
    await addStrategyThroughApi(t, flag, { name: 'default' });
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    const events = await eventTypes(t.db, flag);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    expect(await eventTypes(t.db, flag)).toEqual(events);
    expect((await t.admin({ method: 'GET', url: environmentUrl(flag) })).json().strategies).toHaveLength(1);
  });

  it('is denied to a Viewer and answers 404 for unknown flags and environments', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    expect(
      (await (await t.as('Viewer'))({ method: 'POST', url: `${environmentUrl(flag)}/on` })).statusCode,
    ).toBe(403);
    for (const url of [`${environmentUrl('nope')}/on`, `${environmentUrl(flag, 'nope')}/on`]) {
      expect((await t.admin({ method: 'POST', url })).statusCode).toBe(404);
    }
    const badQuery = await t.admin({
      method: 'POST',
      url: `${environmentUrl(flag)}/on?shouldActivateDisabledStrategies=perhaps`,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('toggleFeatureEnvironmentOff', () => {
  it('turns the flag off, keeps its strategies, and records feature-environment-disabled', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    const response = await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/off` });
    expect(response.statusCode).toBe(200);
    const environment = (await t.admin({ method: 'GET', url: environmentUrl(flag) })).json();
    expect(environment.enabled).toBe(false);
    expect(environment.strategies).toHaveLength(1);
    expect((await lastEvent(t.db, flag))!.type).toBe('feature-environment-disabled');
  });

  it('is denied to a Viewer and answers 404 for an unknown environment', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    const before = await snapshot(t.db);
    expect(
      (await (await t.as('Viewer'))({ method: 'POST', url: `${environmentUrl(flag)}/off` })).statusCode,
    ).toBe(403);
    const missing = await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'nope')}/off` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await snapshot(t.db)).toBe(before);
  });
});
