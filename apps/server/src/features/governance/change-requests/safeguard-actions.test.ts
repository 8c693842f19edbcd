import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * Safeguard changes in an environment under change requests: `changeSafeguard` and `deleteSafeguard` are drafted,
 * reviewed and applied through the safeguard service the direct routes call, so a reviewed change leaves the same
 * safeguard and records the same event as the direct one; a change of a safeguard changed or removed since conflicts.
 */
let t: TestApp;
let author: Person;
let reviewer: Person;
let templateId: string;
const P = '/api/admin/projects/guards';
const PROD = 'production';
const planUrl = (flag: string) => `${P}/features/${flag}/environments/${PROD}/release-plans`;
const safeguardsUrl = (flag: string, planId: string) => `${planUrl(flag)}/${planId}/safeguards`;

const errorsAbove = (threshold: number) => ({
  impactMetric: {
    metricName: 'checkout_errors',
    timeRange: 'hour',
    aggregationMode: 'count',
    labelSelectors: { appName: ['checkout'] },
  },
  windowMinutes: 5,
  triggerCondition: { operator: '>', threshold },
  action: { type: 'pauseReleasePlanProgressions' },
});

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'guards', name: 'Guards' } });
  const reviews = await projectRole(t, 'Reviews safeguards', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: PROD },
    { name: 'APPLY_CHANGE_REQUEST', environment: PROD },
    { name: 'SKIP_CHANGE_REQUEST', environment: PROD },
  ]);
  author = await signedIn(t, 'guard-author', 2);
  reviewer = await signedIn(t, 'guard-reviewer');
  await grant(t, 'guards', [author.id, reviewer.id], [4, reviews]);
  const template = await t.admin({
    method: 'POST',
    url: '/api/admin/release-plan-templates',
    payload: {
      name: 'guarded',
      milestones: [
        {
          name: 'Ten',
          sortOrder: 0,
          strategies: [
            { sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: '10', stickiness: 'default' } },
          ],
        },
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

/** A flag with a plan and one safeguard, put there by the author, who may skip change requests. */
async function flagWithSafeguard(name: string): Promise<{ planId: string; safeguardId: string }> {
  await buildFlag(t.db, { name, project: 'guards', environments: { production: { enabled: true } } });
  const added = await author.send({ method: 'POST', url: planUrl(name), payload: { templateId } });
  expect(added.statusCode, added.body).toBe(200);
  const planId = added.json().id as string;
  const guard = await author.send({
    method: 'PUT',
    url: safeguardsUrl(name, planId),
    payload: errorsAbove(10),
  });
  expect(guard.statusCode, guard.body).toBe(200);
  return { planId, safeguardId: guard.json().id };
}

async function draft(changes: object[]) {
  return author.send({ method: 'POST', url: `${P}/environments/${PROD}/change-requests`, payload: changes });
}
const move = (who: Person, id: number, state: string) =>
  who.send({ method: 'PUT', url: `${P}/change-requests/${id}/state`, payload: { state } });

/** Review and approve; answers the apply. */
async function reviewAndApply(id: number) {
  expect((await move(author, id, 'In review')).statusCode).toBe(200);
  const approved = await move(reviewer, id, 'Approved');
  expect(approved.statusCode, approved.body).toBe(200);
  return move(author, id, 'Applied');
}

const safeguardsOf = async (flag: string) =>
  normalize((await t.admin({ method: 'GET', url: planUrl(flag) })).json()[0].safeguards, flag);

async function eventsOf(flag: string) {
  const rows = await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
    "SELECT type, data, pre_data FROM events WHERE feature_name = $1 AND type LIKE 'safeguard%' ORDER BY id",
    [flag],
  );
  return normalize(rows, flag);
}
function normalize(value: unknown, name: string) {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(name, 'FLAG')
      .replace(/"[0-9A-HJKMNP-TV-Z]{26}"/g, '"ULID"')
      .replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"T"'),
  );
}

describe('safeguard changes under change requests', () => {
  it('refuses the direct writes there and applies a reviewed new safeguard', async () => {
    const { planId, safeguardId } = await flagWithSafeguard('reviewed-guard');
    const refused = await t.admin({
      method: 'PUT',
      url: safeguardsUrl('reviewed-guard', planId),
      payload: errorsAbove(20),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);
    const refusedDelete = await t.admin({
      method: 'DELETE',
      url: `${safeguardsUrl('reviewed-guard', planId)}/${safeguardId}`,
    });
    expect(refusedDelete.statusCode).toBe(403);

    const drafted = await draft([
      {
        feature: 'reviewed-guard',
        action: 'changeSafeguard',
        payload: { planId, safeguard: errorsAbove(50) },
      },
    ]);
    expect(drafted.statusCode, drafted.body).toBe(200);
    // The reviewer sees the plan's safeguards before and after.
    const review = await author.send({ method: 'GET', url: `${P}/change-requests/${drafted.json().id}` });
    const guard = (threshold: number) => ({
      metric: 'count of checkout_errors',
      windowMinutes: 5,
      operator: '>',
      threshold,
      action: 'pauseReleasePlanProgressions',
    });
    const { before, after: then } = review.json().features[0].result;
    expect(before.releasePlan.safeguards).toEqual([guard(10)]);
    expect(then.releasePlan.safeguards).toEqual([guard(10), guard(50)]);
    // Nothing of it is there before it applies.
    expect(await safeguardsOf('reviewed-guard')).toHaveLength(1);
    const applied = await reviewAndApply(drafted.json().id);
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await safeguardsOf('reviewed-guard');
    expect(after.map((s: { triggerCondition: object }) => s.triggerCondition)).toEqual(
      expect.arrayContaining([
        { operator: '>', threshold: 10 },
        { operator: '>', threshold: 50 },
      ]),
    );
  });

  /** Each change as the direct route makes it and as a request makes it, on two identical flags. */
  const CASES = [
    {
      action: 'changeSafeguard',
      direct: (flag: string, planId: string, safeguardId: string) => ({
        method: 'PUT' as const,
        url: safeguardsUrl(flag, planId),
        payload: { ...errorsAbove(25), id: safeguardId, action: { type: 'turnOffEnvironment' } },
      }),
      payload: (planId: string, safeguardId: string) => ({
        planId,
        safeguard: { ...errorsAbove(25), id: safeguardId, action: { type: 'turnOffEnvironment' } },
      }),
    },
    {
      action: 'deleteSafeguard',
      direct: (flag: string, planId: string, safeguardId: string) => ({
        method: 'DELETE' as const,
        url: `${safeguardsUrl(flag, planId)}/${safeguardId}`,
      }),
      payload: (planId: string, safeguardId: string) => ({ planId, safeguardId }),
    },
  ];

  it.each(CASES)('$action through a request leaves what the direct route leaves', async (c) => {
    const directFlag = `direct-${c.action.toLowerCase()}`;
    const reviewedFlag = `reviewed-${c.action.toLowerCase()}`;
    const direct = await flagWithSafeguard(directFlag);
    const reviewed = await flagWithSafeguard(reviewedFlag);

    const done = await author.send(c.direct(directFlag, direct.planId, direct.safeguardId));
    expect(done.statusCode, done.body).toBeLessThan(300);
    const drafted = await draft([
      { feature: reviewedFlag, action: c.action, payload: c.payload(reviewed.planId, reviewed.safeguardId) },
    ]);
    expect(drafted.statusCode, drafted.body).toBe(200);
    const applied = await reviewAndApply(drafted.json().id);
    expect(applied.statusCode, applied.body).toBe(200);

    expect(await safeguardsOf(reviewedFlag)).toEqual(normalize(await safeguardsOf(directFlag), directFlag));
    const events = await eventsOf(reviewedFlag);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'safeguard-changed',
      c.action === 'deleteSafeguard' ? 'safeguard-deleted' : 'safeguard-changed',
    ]);
    expect(events).toEqual(await eventsOf(directFlag));
  });

  it('conflicts once the safeguard was changed after the change was drafted, and cannot be approved once it was removed', async () => {
    const { planId, safeguardId } = await flagWithSafeguard('moved-guard');
    const change = await draft([
      {
        feature: 'moved-guard',
        action: 'changeSafeguard',
        payload: { planId, safeguard: { ...errorsAbove(30), id: safeguardId } },
      },
    ]);
    expect(change.statusCode, change.body).toBe(200);
    const changed = await author.send({
      method: 'PUT',
      url: safeguardsUrl('moved-guard', planId),
      payload: { ...errorsAbove(15), id: safeguardId },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await reviewAndApply(change.json().id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain(
      `Safeguard "${safeguardId}" was changed after this change was made`,
    );

    const gone = await flagWithSafeguard('gone-guard');
    const removal = await draft([{ feature: 'gone-guard', action: 'deleteSafeguard', payload: gone }]);
    expect(removal.statusCode, removal.body).toBe(200);
    const removed = await author.send({
      method: 'DELETE',
      url: `${safeguardsUrl('gone-guard', gone.planId)}/${gone.safeguardId}`,
    });
    expect(removed.statusCode).toBe(204);
    // Its result can no longer be computed, so it cannot even be approved; applying it would conflict the same way.
    expect((await move(author, removal.json().id, 'In review')).statusCode).toBe(200);
    const late = await move(reviewer, removal.json().id, 'Approved');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toContain(`Could not find safeguard "${gone.safeguardId}"`);
  });

  it('refuses a safeguard the service refuses, naming the field of the change', async () => {
    const { planId } = await flagWithSafeguard('bad-guard');
    const { impactMetric: _none, ...noMetric } = errorsAbove(10);
    const refused = await draft([
      { feature: 'bad-guard', action: 'changeSafeguard', payload: { planId, safeguard: noMetric } },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ path: '/body/0/payload/safeguard/impactMetric' }),
    ]);
    const unknown = await draft([
      { feature: 'bad-guard', action: 'deleteSafeguard', payload: { planId, safeguardId: 'nope' } },
    ]);
    expect(unknown.statusCode).toBe(404);
  });

  it("adds and removes a flag environment's own safeguard by review, and a changed one conflicts", async () => {
    const flag = 'reviewed-environment-guard';
    await buildFlag(t.db, { name: flag, project: 'guards', environments: { production: { enabled: true } } });
    const url = `${P}/features/${flag}/environments/${PROD}/safeguards`;
    const turnOff = (threshold: number) => ({
      ...errorsAbove(threshold),
      action: { type: 'turnOffEnvironment' },
    });
    const refused = await t.admin({ method: 'PUT', url, payload: turnOff(30) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);

    const added = await draft([
      { feature: flag, action: 'changeFeatureEnvSafeguard', payload: { safeguard: turnOff(30) } },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect((await t.admin({ url })).json()).toEqual([]);
    expect((await reviewAndApply(added.json().id)).statusCode).toBe(200);
    const [stored] = (await t.admin({ url })).json();
    expect(stored).toMatchObject({
      triggerCondition: { operator: '>', threshold: 30 },
      action: { type: 'turnOffEnvironment', id: PROD },
    });

    const removal = await draft([
      { feature: flag, action: 'deleteFeatureEnvSafeguard', payload: { safeguardId: stored.id } },
    ]);
    expect(removal.statusCode, removal.body).toBe(200);
    // Changed since the removal was drafted (the author may skip change requests): it no longer applies as reviewed.
    const changed = await author.send({ method: 'PUT', url, payload: { ...turnOff(40), id: stored.id } });
    expect(changed.statusCode, changed.body).toBe(200);
    const refusedApply = await reviewAndApply(removal.json().id);
    expect(refusedApply.statusCode, refusedApply.body).toBe(409);
    expect(refusedApply.json().message).toContain(
      `Safeguard "${stored.id}" was changed after this change was made`,
    );
    expect((await t.admin({ url })).json()).toHaveLength(1);

    const again = await draft([
      { feature: flag, action: 'deleteFeatureEnvSafeguard', payload: { safeguardId: stored.id } },
    ]);
    expect((await reviewAndApply(again.json().id)).statusCode).toBe(200);
    expect((await t.admin({ url })).json()).toEqual([]);
  });
});
