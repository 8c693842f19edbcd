import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createFlagThroughApi, environmentUrl } from '../../../testing/flag-api-builders.ts';
import { progressNextDue } from './release-plan-scheduler.ts';

/**
 * Automatic progression on a mocked clock: the scheduler is asked what is due at a chosen time, and the official Node
 * SDK (polling the real HTTP server) sees each milestone's rollout.
 */
let t: TestApp;
let base: string;
let templateId: string;
const sdks: Unleash[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const rollout = (percent: number) => ({
    sortOrder: 0,
    name: 'flexibleRollout',
    parameters: { rollout: percent, stickiness: 'default', groupId: 'progression' },
  });
  const template = await t.admin({
    method: 'POST',
    url: '/api/admin/release-plan-templates',
    payload: {
      name: 'over-two-hours',
      milestones: [
        {
          name: 'Ten',
          sortOrder: 0,
          strategies: [rollout(10)],
          transitionCondition: { intervalMinutes: 60 },
        },
        {
          name: 'Fifty',
          sortOrder: 1,
          strategies: [rollout(50)],
          transitionCondition: { intervalMinutes: 60 },
        },
        { name: 'All', sortOrder: 2, strategies: [rollout(100)] },
      ],
    },
  });
  expect(template.statusCode, template.body).toBe(200);
  templateId = template.json().id;
});
afterAll(async () => {
  for (const sdk of sdks) sdk.destroy();
  await t.close();
});

const plans = (flag: string) => `${environmentUrl(flag)}/release-plans`;
const progressions = (flag: string) => `${environmentUrl(flag)}/progressions`;

async function startedPlan(flag: string) {
  const added = await t.admin({ method: 'POST', url: plans(flag), payload: { templateId } });
  expect(added.statusCode, added.body).toBe(200);
  const plan = added.json();
  const started = await t.admin({
    method: 'POST',
    url: `${plans(flag)}/${plan.id}/milestones/${plan.milestones[0].id}/start`,
  });
  expect(started.statusCode, started.body).toBe(200);
  return { plan, startedAt: new Date(started.json().startedAt) };
}

async function connect(): Promise<Unleash> {
  const sdk = new Unleash({
    url: `${base}/api/`,
    appName: 'progression-test',
    customHeaders: { Authorization: CLIENT_TOKEN },
    refreshInterval: 100,
    disableMetrics: true,
    storageProvider: { set: async () => undefined, get: async () => undefined } as never,
  });
  sdks.push(sdk);
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
  return sdk;
}

/** The rollout the SDK holds for the flag, and the share of 1,000 users it enables it for. */
function seen(sdk: Unleash, flag: string) {
  const rollout = sdk.getFeatureToggleDefinition(flag)?.strategies?.[0]?.parameters?.rollout;
  let on = 0;
  for (let i = 0; i < 1000; i++) if (sdk.isEnabled(flag, { userId: `user-${i}` })) on++;
  return { rollout: String(rollout), share: Math.round(on / 100) * 10 };
}

const started = async (flag: string) =>
  (
    await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE type = 'release-plan-milestone-started' AND feature_name = $1",
      [flag],
    )
  )[0]!.n;

describe('automatic progression', () => {
  it('goes 10% → 50% → 100% by itself on the clock, and the SDK sees each rollout', async () => {
    const flag = await createFlagThroughApi(t);
    const { plan, startedAt } = await startedPlan(flag);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    const sdk = await connect();
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * MINUTE);
    await expect.poll(() => seen(sdk, flag), { timeout: 10_000 }).toEqual({ rollout: '10', share: 10 });
    const listed = (await t.admin({ url: plans(flag) })).json()[0];
    expect(listed.nextProgressionAt).toBe(at(60).toISOString());

    // Not yet: a minute early.
    expect(await progressNextDue(t.db, at(59))).toBe(false);
    expect(await progressNextDue(t.db, at(60))).toBe(true);
    expect(await progressNextDue(t.db, at(60))).toBe(false);
    await expect.poll(() => seen(sdk, flag), { timeout: 10_000 }).toEqual({ rollout: '50', share: 50 });
    const middle = (await t.admin({ url: plans(flag) })).json()[0];
    expect(middle.activeMilestoneId).toBe(plan.milestones[1].id);
    expect(middle.milestones[0].progressionExecutedAt).toBe(at(60).toISOString());
    expect(middle.nextProgressionAt).toBe(at(120).toISOString());

    expect(await progressNextDue(t.db, at(119))).toBe(false);
    expect(await progressNextDue(t.db, at(121))).toBe(true);
    await expect.poll(() => seen(sdk, flag), { timeout: 10_000 }).toEqual({ rollout: '100', share: 100 });
    // The last milestone leads nowhere.
    expect(await progressNextDue(t.db, at(10_000))).toBe(false);
    expect(await started(flag)).toBe(3);
    const events = await t.db.query<{ created_by: string }>(
      "SELECT created_by FROM events WHERE type = 'release-plan-milestone-started' AND feature_name = $1 ORDER BY id",
      [flag],
    );
    expect(events.map((e) => e.created_by).slice(1)).toEqual(['Switchyard', 'Switchyard']);
  });

  it('sets, changes and removes a progression on Unleash’s paths, with its events', async () => {
    const flag = await createFlagThroughApi(t);
    const { plan } = await startedPlan(flag);
    const [ten, fifty, all] = plan.milestones;
    const changed = await t.admin({
      method: 'PUT',
      url: `${progressions(flag)}/${ten.id}`,
      payload: { targetMilestone: all.id, transitionCondition: { intervalMinutes: 15 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      sourceMilestone: ten.id,
      targetMilestone: all.id,
      transitionCondition: { intervalMinutes: 15 },
    });
    const after = (await t.admin({ url: plans(flag) })).json()[0];
    expect(after.milestones[0].transitionCondition).toEqual({ intervalMinutes: 15 });
    // The target is the one named, skipping Fifty.
    const startedAt = new Date(after.milestones[0].startedAt);
    expect(await progressNextDue(t.db, new Date(startedAt.getTime() + 15 * MINUTE))).toBe(true);
    expect((await t.admin({ url: plans(flag) })).json()[0].activeMilestoneId).toBe(all.id);

    const removed = await t.admin({ method: 'DELETE', url: `${progressions(flag)}/${fifty.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await t.admin({ method: 'DELETE', url: `${progressions(flag)}/${fifty.id}` })).statusCode).toBe(
      404,
    );
    const types = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE feature_name = $1 AND type LIKE 'milestone-progression-%' ORDER BY id",
      [flag],
    );
    expect(types.map((e) => e.type)).toEqual([
      'milestone-progression-updated',
      'milestone-progression-deleted',
    ]);

    const bad = await t.admin({
      method: 'PUT',
      url: `${progressions(flag)}/${ten.id}`,
      payload: { targetMilestone: all.id, transitionCondition: { intervalMinutes: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('intervalMinutes');
    const unknown = await t.admin({
      method: 'PUT',
      url: `${progressions(flag)}/nope`,
      payload: { targetMilestone: all.id, transitionCondition: { intervalMinutes: 5 } },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('waits while paused, and counts the interval from the resume', async () => {
    const flag = await createFlagThroughApi(t);
    const { plan, startedAt } = await startedPlan(flag);
    const paused = await t.admin({ method: 'POST', url: `${progressions(flag)}/${plan.id}/pause` });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      pausedAt: expect.any(String),
      pausedReason: null,
      nextProgressionAt: null,
    });
    expect(paused.json().milestones[0].pausedAt).toBe(paused.json().pausedAt);
    expect(await progressNextDue(t.db, new Date(startedAt.getTime() + 600 * MINUTE))).toBe(false);

    const resumed = await t.admin({ method: 'POST', url: `${progressions(flag)}/${plan.id}/resume` });
    expect(resumed.statusCode).toBe(200);
    const resumedAt = Date.parse(resumed.json().nextProgressionAt) - 60 * MINUTE;
    expect(resumedAt).toBeGreaterThanOrEqual(startedAt.getTime());
    expect(await progressNextDue(t.db, new Date(resumedAt + 59 * MINUTE))).toBe(false);
    expect(await progressNextDue(t.db, new Date(resumedAt + 60 * MINUTE))).toBe(true);
    const types = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE feature_name = $1 AND type LIKE 'release-plan-progressions-%' ORDER BY id",
      [flag],
    );
    expect(types.map((e) => e.type)).toEqual([
      'release-plan-progressions-paused',
      'release-plan-progressions-resumed',
    ]);
  });
});
