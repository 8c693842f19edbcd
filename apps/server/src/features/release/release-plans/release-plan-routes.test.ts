import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createFlagThroughApi, environmentUrl } from '../../../testing/flag-api-builders.ts';

let t: TestApp;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  const rollout = (percent: number) => ({
    sortOrder: 0,
    name: 'flexibleRollout',
    parameters: { rollout: percent, stickiness: 'default', groupId: 'release' },
  });
  const template = await t.admin({
    method: 'POST',
    url: '/api/admin/release-plan-templates',
    payload: {
      name: 'ten-fifty-all',
      milestones: [
        { name: 'Ten', sortOrder: 0, strategies: [rollout(10)] },
        { name: 'Fifty', sortOrder: 1, strategies: [rollout(50)] },
        { name: 'All', sortOrder: 2, strategies: [rollout(100)] },
      ],
    },
  });
  expect(template.statusCode, template.body).toBe(200);
  templateId = template.json().id;
});
afterAll(() => t.close());

const plans = (flag: string, environment = 'development') =>
  `${environmentUrl(flag, environment)}/release-plans`;

/** SDKs get a write once the change feed has refreshed the served payload: on PostgreSQL that comes a moment later. */
const SERVED = { timeout: 10_000 };

/** The flexibleRollout percentages SDKs get for the flag in development, in evaluation order. */
async function servedRollouts(flag: string): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/client/features',
    headers: { authorization: CLIENT_TOKEN },
  });
  const feature = response.json().features.find((f: { name: string }) => f.name === flag) as {
    strategies: { parameters: { rollout: string } }[];
  };
  return feature.strategies.map((s) => s.parameters.rollout);
}

async function addPlan(flag: string) {
  const response = await t.admin({ method: 'POST', url: plans(flag), payload: { templateId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const lastEvent = async () =>
  (await t.db.query<{ type: string }>('SELECT type FROM events ORDER BY id DESC LIMIT 1'))[0]!.type;

describe('release plans', () => {
  it('copies the template’s milestones onto the flag environment, none active yet', async () => {
    const flag = await createFlagThroughApi(t);
    const plan = await addPlan(flag);
    expect(plan).toMatchObject({
      discriminator: 'plan',
      name: 'ten-fifty-all',
      featureName: flag,
      environment: 'development',
      releasePlanTemplateId: templateId,
      activeMilestoneId: null,
    });
    expect(plan.milestones.map((m: { name: string }) => m.name)).toEqual(['Ten', 'Fifty', 'All']);
    expect(plan.milestones[0].releasePlanDefinitionId).toBe(plan.id);
    expect(await lastEvent()).toBe('release-plan-added');
    expect((await t.admin({ url: plans(flag) })).json()).toEqual([plan]);

    const again = await t.admin({ method: 'POST', url: plans(flag), payload: { templateId } });
    expect(again.statusCode).toBe(409);
    const unknown = await t.admin({
      method: 'POST',
      url: plans(flag, 'production'),
      payload: { templateId: 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('starting a milestone replaces the previous milestone’s strategies, and SDKs get them', async () => {
    const flag = await createFlagThroughApi(t);
    const plan = await addPlan(flag);
    const start = (index: number) =>
      t.admin({
        method: 'POST',
        url: `${plans(flag)}/${plan.id}/milestones/${plan.milestones[index].id}/start`,
      });
    for (const [index, rollout] of [
      [0, '10'],
      [1, '50'],
      [2, '100'],
    ] as const) {
      const started = await start(index);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({ id: plan.milestones[index].id, startedAt: expect.any(String) });
      expect(await lastEvent()).toBe('release-plan-milestone-started');
      await expect.poll(() => servedRollouts(flag), SERVED).toEqual([rollout]);
    }
    const after = (await t.admin({ url: plans(flag) })).json()[0];
    expect(after.activeMilestoneId).toBe(plan.milestones[2].id);

    const removed = await t.admin({ method: 'DELETE', url: `${plans(flag)}/${plan.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await lastEvent()).toBe('release-plan-removed');
    await expect.poll(() => servedRollouts(flag), SERVED).toEqual([]);
    expect((await t.admin({ url: plans(flag) })).json()).toEqual([]);
  });

  it('keeps strategies added by hand when a milestone starts', async () => {
    const flag = await createFlagThroughApi(t);
    const own = await t.admin({
      method: 'POST',
      url: `${environmentUrl(flag)}/strategies`,
      payload: { name: 'flexibleRollout', parameters: { rollout: '5' } },
    });
    expect(own.statusCode, own.body).toBe(200);
    const plan = await addPlan(flag);
    for (const index of [0, 1])
      await t.admin({
        method: 'POST',
        url: `${plans(flag)}/${plan.id}/milestones/${plan.milestones[index].id}/start`,
      });
    await expect.poll(async () => (await servedRollouts(flag)).sort(), SERVED).toEqual(['5', '50']);
  });

  it('answers 404 for an unknown plan or milestone, and another flag’s plan', async () => {
    const flag = await createFlagThroughApi(t);
    const other = await createFlagThroughApi(t);
    const plan = await addPlan(flag);
    const cases = [
      `${plans(flag)}/${plan.id}/milestones/unknown/start`,
      `${plans(flag)}/unknown/milestones/${plan.milestones[0].id}/start`,
      `${plans(other)}/${plan.id}/milestones/${plan.milestones[0].id}/start`,
    ];
    for (const url of cases) expect((await t.admin({ method: 'POST', url })).statusCode, url).toBe(404);
    expect((await t.admin({ method: 'DELETE', url: `${plans(other)}/${plan.id}` })).statusCode).toBe(404);
  });

  it('does not let a release plan bypass change requests', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'reviewed-release', name: 'R' },
    });
    const on = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/reviewed-release/environments/production/change-requests/config',
      payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
    });
    expect(on.statusCode, on.body).toBe(200);
    const flag = await createFlagThroughApi(t, {}, 'reviewed-release');
    const url = `/api/admin/projects/reviewed-release/features/${flag}/environments/production/release-plans`;
    const refused = await t.admin({ method: 'POST', url, payload: { templateId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/change request/i);
    expect(await t.db.query('SELECT 1 FROM release_plans WHERE flag_name = $1', [flag])).toEqual([]);
  });
});
