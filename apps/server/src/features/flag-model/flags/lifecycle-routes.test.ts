import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { lastEvent, snapshot } from '../../../testing/db-queries.ts';
import { createFlagThroughApi, environmentUrl, flagUrl } from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stagesOf = async (flag: string) =>
  (await t.admin({ method: 'GET', url: `${flagUrl(flag)}/lifecycle` }))
    .json()
    .map((s: { stage: string }) => s.stage);

describe('getFeatureLifecycle', () => {
  it('derives initial, pre-live and live from creation and where the flag was turned on', async () => {
    const flag = await createFlagThroughApi(t);
    expect(await stagesOf(flag)).toEqual(['initial']);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'development')}/on` });
    expect(await stagesOf(flag)).toEqual(['initial', 'pre-live']);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'production')}/on` });
    await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'production')}/off` });
    const response = await (await t.as('Viewer'))({ method: 'GET', url: `${flagUrl(flag)}/lifecycle` });
    expect(response.statusCode).toBe(200);
    const stages = response.json();
    expect(stages.map((s: { stage: string }) => s.stage)).toEqual(['initial', 'pre-live', 'live']);
    for (const stage of stages) expect(Date.parse(stage.enteredStageAt)).not.toBeNaN();
    expect((await t.admin({ method: 'GET', url: flagUrl(flag) })).json().lifecycle.stage).toBe('live');
  });

  it('needs credentials and answers 404 for an unknown flag', async () => {
    const flag = await createFlagThroughApi(t);
    expect((await t.app.inject({ method: 'GET', url: `${flagUrl(flag)}/lifecycle` })).statusCode).toBe(401);
    const missing = await t.admin({ method: 'GET', url: `${flagUrl('nope')}/lifecycle` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
  });
});

describe('complete and uncomplete', () => {
  it('stores the completed marker with its status, and removes it again', async () => {
    const flag = await createFlagThroughApi(t);
    const done = await t.admin({
      method: 'POST',
      url: `${flagUrl(flag)}/lifecycle/complete`,
      payload: { status: 'kept', statusValue: 'blue' },
    });
    expect(done.statusCode).toBe(200);
    const stages = (await t.admin({ method: 'GET', url: `${flagUrl(flag)}/lifecycle` })).json();
    expect(stages.at(-1)).toMatchObject({ stage: 'completed', status: 'kept', statusValue: 'blue' });
    expect(await lastEvent(t.db, flag)).toMatchObject({
      type: 'feature-completed',
      data: { status: 'kept' },
    });
    const undone = await t.admin({ method: 'POST', url: `${flagUrl(flag)}/lifecycle/uncomplete` });
    expect(undone.statusCode).toBe(200);
    expect(await stagesOf(flag)).toEqual(['initial']);
    expect((await lastEvent(t.db, flag))!.type).toBe('feature-uncompleted');
  });

  it('is denied to a Viewer and refuses a bad status or unknown flag without changes', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const viewer = await t.as('Viewer');
    expect(
      (
        await viewer({
          method: 'POST',
          url: `${flagUrl(flag)}/lifecycle/complete`,
          payload: { status: 'kept' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await viewer({ method: 'POST', url: `${flagUrl(flag)}/lifecycle/uncomplete` })).statusCode).toBe(
      403,
    );
    const bad = await t.admin({
      method: 'POST',
      url: `${flagUrl(flag)}/lifecycle/complete`,
      payload: { status: 'done' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/status');
    const missing = await t.admin({
      method: 'POST',
      url: `${flagUrl('nope')}/lifecycle/complete`,
      payload: { status: 'kept' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.admin({ method: 'POST', url: `${flagUrl('nope')}/lifecycle/uncomplete` })).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('getFeatureLifecycleStageCount', () => {
  it('counts flags by their current stage', async () => {
    const url = '/api/admin/lifecycle/count';
    const before = (await t.admin({ method: 'GET', url })).json();
    const initial = await createFlagThroughApi(t);
    const live = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${environmentUrl(live, 'production')}/on` });
    const completed = await createFlagThroughApi(t);
    await t.admin({
      method: 'POST',
      url: `${flagUrl(completed)}/lifecycle/complete`,
      payload: { status: 'discarded' },
    });
    const archived = await createFlagThroughApi(t);
    await t.admin({ method: 'DELETE', url: flagUrl(archived) });
    const response = await (await t.as('Viewer'))({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after).toEqual({
      initial: before.initial + 1,
      preLive: before.preLive,
      live: before.live + 1,
      completed: before.completed + 1,
      archived: before.archived + 1,
    });
    expect(initial).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
