import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * Release plan changes in an environment under change requests (decision record 0049): drafted, reviewed with their
 * result (the strategies the milestone swaps in, the plan's state), applied through the plan service the direct
 * routes call, so a reviewed start leaves exactly what a direct start leaves and records the same events.
 */
let t: TestApp;
let author: Person;
let reviewer: Person;
let templateId: string;
const P = '/api/admin/projects/plans';
const PROD = 'production';
const planUrl = (flag: string) => `${P}/features/${flag}/environments/${PROD}/release-plans`;
const progressionsUrl = (flag: string) => `${P}/features/${flag}/environments/${PROD}/progressions`;

const rollout = (percent: number) => ({
  sortOrder: 0,
  name: 'flexibleRollout',
  parameters: { rollout: String(percent), stickiness: 'default', groupId: 'release' },
});

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'plans', name: 'Plans' } });
  const reviews = await projectRole(t, 'Reviews plans', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: PROD },
    { name: 'APPLY_CHANGE_REQUEST', environment: PROD },
    { name: 'SKIP_CHANGE_REQUEST', environment: PROD },
  ]);
  author = await signedIn(t, 'plan-author', 2);
  reviewer = await signedIn(t, 'plan-reviewer');
  await grant(t, 'plans', [author.id, reviewer.id], [4, reviews]);
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
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/${PROD}/change-requests/config`,
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
});
afterAll(() => t.close());

async function flagWithPlan(name: string, started?: 'Ten'): Promise<{ planId: string; ids: string[] }> {
  await buildFlag(t.db, { name, project: 'plans', environments: { production: { enabled: true } } });
  // The author may skip change requests: the plan is there before the reviewed change.
  const added = await author.send({ method: 'POST', url: planUrl(name), payload: { templateId } });
  expect(added.statusCode, added.body).toBe(200);
  const plan = added.json() as { id: string; milestones: { id: string }[] };
  const ids = plan.milestones.map((m) => m.id);
  if (started) {
    const start = await author.send({
      method: 'POST',
      url: `${planUrl(name)}/${plan.id}/milestones/${ids[0]}/start`,
    });
    expect(start.statusCode, start.body).toBe(200);
  }
  return { planId: plan.id, ids };
}

async function draft(changes: object[]): Promise<number> {
  const drafted = await author.send({
    method: 'POST',
    url: `${P}/environments/${PROD}/change-requests`,
    payload: changes,
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  return drafted.json().id;
}
const move = (who: Person, id: number, state: string) =>
  who.send({ method: 'PUT', url: `${P}/change-requests/${id}/state`, payload: { state } });
const shown = async (id: number) =>
  (await author.send({ method: 'GET', url: `${P}/change-requests/${id}` })).json();

async function reviewAndApply(id: number) {
  expect((await move(author, id, 'In review')).statusCode).toBe(200);
  const approved = await move(reviewer, id, 'Approved');
  expect(approved.statusCode, approved.body).toBe(200);
  const applied = await move(author, id, 'Applied');
  expect(applied.statusCode, applied.body).toBe(200);
}

/** The plan and the strategies on the flag environment, with ids and times taken out. */
async function stateOf(flag: string) {
  const plans = (await t.admin({ method: 'GET', url: planUrl(flag) })).json();
  const flagBody = (await t.admin({ method: 'GET', url: `${P}/features/${flag}` })).json();
  const production = flagBody.environments.find((e: { name: string }) => e.name === PROD);
  return normalize({ plans, enabled: production.enabled, strategies: production.strategies }, flag);
}
async function eventsOf(flag: string) {
  const rows = await t.db.query<{ type: string; data: unknown; pre_data: unknown; created_by: string }>(
    `SELECT type, data, pre_data FROM events WHERE feature_name = $1 AND type <> 'feature-created'
      AND type NOT LIKE 'change%' ORDER BY id`,
    [flag],
  );
  return normalize(rows, flag);
}
function normalize(value: unknown, name: string) {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(name, 'FLAG')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
      .replace(/"[0-9A-HJKMNP-TV-Z]{26}"/g, '"ULID"')
      .replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"T"'),
  );
}

describe('release plan changes under change requests', () => {
  it('refuses a direct start there and applies a reviewed one, showing its result first', async () => {
    const { planId, ids } = await flagWithPlan('reviewed-start');
    const refused = await t.admin({
      method: 'POST',
      url: `${planUrl('reviewed-start')}/${planId}/milestones/${ids[0]}/start`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);

    const id = await draft([
      { feature: 'reviewed-start', action: 'startMilestone', payload: { planId, milestoneId: ids[0] } },
    ]);
    const review = await shown(id);
    const result = review.features[0].result;
    expect(result.before.releasePlan).toEqual({
      name: 'ten-fifty-all',
      activeMilestone: null,
      paused: false,
      progressions: [],
    });
    expect(result.after.releasePlan.activeMilestone).toBe('Ten');
    expect(result.after.strategies.map((s: { parameters: object }) => s.parameters)).toEqual([
      { rollout: '10', stickiness: 'default', groupId: 'release' },
    ]);
    // Nothing of it is there before it applies.
    expect(
      (await t.admin({ method: 'GET', url: planUrl('reviewed-start') })).json()[0].activeMilestoneId,
    ).toBe(null);
    await reviewAndApply(id);
    const plan = (await t.admin({ method: 'GET', url: planUrl('reviewed-start') })).json()[0];
    expect(plan.activeMilestoneId).toBe(ids[0]);
  });

  /** Each change as the direct route does it and as a request does it, on two identical flags. */
  const CASES: {
    action: string;
    started?: boolean;
    direct(
      flag: string,
      planId: string,
      ids: string[],
    ): { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
    payload(planId: string, ids: string[]): object;
  }[] = [
    {
      action: 'addReleasePlan',
      direct: (flag) => ({ method: 'POST', url: planUrl(flag), payload: { templateId } }),
      payload: () => ({ templateId }),
    },
    {
      action: 'startMilestone',
      started: true,
      direct: (flag, planId, ids) => ({
        method: 'POST',
        url: `${planUrl(flag)}/${planId}/milestones/${ids[1]}/start`,
      }),
      payload: (planId, ids) => ({ planId, milestoneId: ids[1] }),
    },
    {
      action: 'changeMilestoneProgression',
      started: true,
      direct: (flag, _planId, ids) => ({
        method: 'PUT',
        url: `${progressionsUrl(flag)}/${ids[0]}`,
        payload: { targetMilestone: ids[1], transitionCondition: { intervalMinutes: 30 } },
      }),
      payload: (_planId, ids) => ({
        sourceMilestone: ids[0],
        targetMilestone: ids[1],
        transitionCondition: { intervalMinutes: 30 },
      }),
    },
    {
      action: 'pauseMilestoneProgression',
      started: true,
      direct: (flag, planId) => ({ method: 'POST', url: `${progressionsUrl(flag)}/${planId}/pause` }),
      payload: (planId) => ({ planId }),
    },
    {
      action: 'deleteReleasePlan',
      started: true,
      direct: (flag, planId) => ({ method: 'DELETE', url: `${planUrl(flag)}/${planId}` }),
      payload: (planId) => ({ planId }),
    },
  ];
  for (const c of CASES) {
    it(`${c.action}: same plan, same strategies, same events as the direct write`, async () => {
      const made: Record<string, { planId: string; ids: string[] }> = {};
      for (const name of [`${c.action}-direct`, `${c.action}-reviewed`]) {
        if (c.action === 'addReleasePlan') {
          await buildFlag(t.db, { name, project: 'plans', environments: { production: { enabled: true } } });
          made[name] = { planId: '', ids: [] };
        } else made[name] = await flagWithPlan(name, c.started ? 'Ten' : undefined);
      }
      const d = made[`${c.action}-direct`]!;
      const direct = await author.send(c.direct(`${c.action}-direct`, d.planId, d.ids));
      expect(direct.statusCode, direct.body).toBeLessThan(300);
      const r = made[`${c.action}-reviewed`]!;
      const id = await draft([
        { feature: `${c.action}-reviewed`, action: c.action, payload: c.payload(r.planId, r.ids) },
      ]);
      const after = (await shown(id)).features[0].result.after;
      await reviewAndApply(id);
      expect(await stateOf(`${c.action}-reviewed`)).toEqual(await stateOf(`${c.action}-direct`));
      const events = await eventsOf(`${c.action}-reviewed`);
      expect(events).toEqual(await eventsOf(`${c.action}-direct`));
      // What the review showed is what applied.
      const plans = (await t.admin({ method: 'GET', url: planUrl(`${c.action}-reviewed`) })).json();
      expect(after.releasePlan?.activeMilestone ?? null).toBe(
        plans[0]
          ? (plans[0].milestones.find((m: { id: string }) => m.id === plans[0].activeMilestoneId)?.name ??
              null)
          : null,
      );
    });
  }

  it('a start drafted at one milestone conflicts once the plan has moved on', async () => {
    const { planId, ids } = await flagWithPlan('moved-on', 'Ten');
    const id = await draft([
      { feature: 'moved-on', action: 'startMilestone', payload: { planId, milestoneId: ids[1] } },
    ]);
    expect((await move(author, id, 'In review')).statusCode).toBe(200);
    const moved = await author.send({
      method: 'POST',
      url: `${planUrl('moved-on')}/${planId}/milestones/${ids[2]}/start`,
    });
    expect(moved.statusCode).toBe(200);
    const review = await shown(id);
    expect(review.features[0].changes[0].conflict).toBe(
      'Release plan "ten-fifty-all" moved to milestone "All" after this change was made',
    );
    expect((await move(reviewer, id, 'Approved')).statusCode).toBe(200);
    expect((await move(author, id, 'Applied')).statusCode).toBe(409);
    const plan = (await t.admin({ method: 'GET', url: planUrl('moved-on') })).json()[0];
    expect(plan.activeMilestoneId).toBe(ids[2]);
  });

  it('drafting refuses a milestone the plan does not have, naming the field', async () => {
    const { planId } = await flagWithPlan('no-such-milestone');
    const drafted = await author.send({
      method: 'POST',
      url: `${P}/environments/${PROD}/change-requests`,
      payload: {
        feature: 'no-such-milestone',
        action: 'startMilestone',
        payload: { planId, milestoneId: 'nope' },
      },
    });
    expect(drafted.statusCode).toBe(404);
    const bad = await author.send({
      method: 'POST',
      url: `${P}/environments/${PROD}/change-requests`,
      payload: { feature: 'no-such-milestone', action: 'startMilestone', payload: { planId } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/payload');
  });

  it('a reviewed progression then runs by itself, once, without another review', async () => {
    const { planId, ids } = await flagWithPlan('timed', 'Ten');
    const id = await draft([
      {
        feature: 'timed',
        action: 'changeMilestoneProgression',
        payload: {
          sourceMilestone: ids[0],
          targetMilestone: ids[1],
          transitionCondition: { intervalMinutes: 60 },
        },
      },
    ]);
    expect((await shown(id)).features[0].result.after.releasePlan.progressions).toEqual([
      { from: 'Ten', to: 'Fifty', intervalMinutes: 60 },
    ]);
    await reviewAndApply(id);
    // The clock moves on: the milestone started an hour and a minute ago. The app's own scheduler does the rest.
    await t.db.query(
      `UPDATE release_plan_milestones SET started_at = started_at - interval '61 minutes' WHERE id = $1`,
      [ids[0]],
    );
    await expect
      .poll(
        async () => (await t.admin({ method: 'GET', url: planUrl('timed') })).json()[0].activeMilestoneId,
        {
          timeout: 10_000,
        },
      )
      .toBe(ids[1]);
    const plan = (await t.admin({ method: 'GET', url: planUrl('timed') })).json()[0];
    expect(plan.activeMilestoneId).toBe(ids[1]);
    const started = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE feature_name = 'timed' AND type = 'release-plan-milestone-started'`,
    );
    expect(started[0]!.n).toBe(2);
    expect(plan.id).toBe(planId);
  });
});
