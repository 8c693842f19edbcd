import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { applyNextDue } from './change-request-scheduler.ts';

/** Scheduling and conflicts, with the clock mocked: the scheduler is asked what is due at a chosen time. */
let t: TestApp;
let author: Person;
let reviewer: Person;
const P = '/api/admin/projects/later';
const CR = `${P}/change-requests`;
const HOUR = 3_600_000;

const get = async (id: number) => (await author.send({ method: 'GET', url: `${CR}/${id}` })).json();
const state = (who: Person, id: number, payload: Record<string, unknown>) =>
  who.send({ method: 'PUT', url: `${CR}/${id}/state`, payload });
const strategies = async (flag: string) =>
  (
    await t.admin({ method: 'GET', url: `${P}/features/${flag}/environments/production/strategies` })
  ).json() as {
    id: string;
    name: string;
    parameters: Record<string, string>;
  }[];

/** A request with these changes, reviewed and approved. */
async function approved(changes: object): Promise<number> {
  const drafted = await author.send({
    method: 'POST',
    url: `${P}/environments/production/change-requests`,
    payload: changes,
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  const id = drafted.json().id;
  expect((await state(author, id, { state: 'In review' })).statusCode).toBe(200);
  expect((await state(reviewer, id, { state: 'Approved' })).json().state).toBe('Approved');
  return id;
}
async function scheduled(changes: object, at: Date): Promise<number> {
  const id = await approved(changes);
  const response = await state(author, id, { state: 'Scheduled', scheduledAt: at.toISOString() });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().schedule).toEqual({ scheduledAt: at.toISOString(), status: 'pending' });
  return id;
}
const flag = (name: string) =>
  buildFlag(t.db, {
    name,
    project: 'later',
    environments: {
      production: {
        enabled: false,
        strategies: [{ name: 'flexibleRollout', parameters: { rollout: '10' } }],
      },
    },
  });
const countEvents = async (type: string, id: number) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = $1 AND (data->>'changeRequestId')::int = $2`,
      [type, id],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'later', name: 'Later' } });
  const reviews = await projectRole(t, 'Later reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
    { name: 'SKIP_CHANGE_REQUEST', environment: 'production' },
  ]);
  author = await signedIn(t, 'planner', 2);
  reviewer = await signedIn(t, 'checker');
  await grant(t, 'later', [author.id, reviewer.id], [4, reviews]);
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/production/change-requests/config`,
    payload: { changeRequestsEnabled: true },
  });
});
afterAll(() => t.close());

describe('scheduled change requests', () => {
  it('apply themselves once their time has come, exactly once', async () => {
    await flag('at-nine');
    const at = new Date(Date.now() + HOUR);
    const id = await scheduled(
      { feature: 'at-nine', action: 'updateEnabled', payload: { enabled: true } },
      at,
    );
    expect((await get(id)).state).toBe('Scheduled');
    // Before its time nothing happens.
    while (await applyNextDue(t.db, new Date(at.getTime() - 1000))) {
      /* others due earlier */
    }
    expect((await get(id)).state).toBe('Scheduled');
    expect(await applyNextDue(t.db, new Date(at.getTime() + 1000))).toBe(true);
    const after = await get(id);
    expect(after.state).toBe('Applied');
    expect(after.schedule).toBeUndefined();
    expect(await applyNextDue(t.db, new Date(at.getTime() + 2000))).toBe(false);
    expect(await countEvents('change-request-scheduled-application-success', id)).toBe(1);
    expect(await countEvents('change-request-applied', id)).toBe(1);
    const flagState = (await t.admin({ method: 'GET', url: `${P}/features/at-nine` })).json();
    expect(flagState.environments.find((e: { name: string }) => e.name === 'production').enabled).toBe(true);
    // Applied by whoever scheduled it.
    const [event] = await t.db.query<{ created_by: string }>(
      `SELECT created_by FROM events WHERE type = 'feature-environment-enabled' AND feature_name = 'at-nine'`,
    );
    expect(event!.created_by).toBe('planner');
  });

  it('can be rescheduled, or applied at once', async () => {
    await flag('moved');
    const id = await scheduled(
      { feature: 'moved', action: 'updateEnabled', payload: { enabled: true } },
      new Date(Date.now() + HOUR),
    );
    const later = new Date(Date.now() + 5 * HOUR);
    const moved = await state(author, id, { state: 'Scheduled', scheduledAt: later.toISOString() });
    expect(moved.json().schedule.scheduledAt).toBe(later.toISOString());
    expect((await state(author, id, { state: 'Applied' })).json().state).toBe('Applied');
    expect(await applyNextDue(t.db, new Date(later.getTime() + 1000))).toBe(false);
    expect(await countEvents('change-request-applied', id)).toBe(1);
  });

  it('are suspended with the reason when their strategy was deleted meanwhile', async () => {
    await flag('gone-strategy');
    const [strategy] = await strategies('gone-strategy');
    const at = new Date(Date.now() + 2 * HOUR);
    const id = await scheduled(
      {
        feature: 'gone-strategy',
        action: 'updateStrategy',
        payload: { id: strategy!.id, name: 'flexibleRollout', parameters: { rollout: '50' } },
      },
      at,
    );
    await author.send({
      method: 'DELETE',
      url: `${P}/features/gone-strategy/environments/production/strategies/${strategy!.id}`,
    });
    expect(await applyNextDue(t.db, new Date(at.getTime() + 1000))).toBe(true);
    const suspended = await get(id);
    expect(suspended.state).toBe('Scheduled');
    expect(suspended.schedule.status).toBe('suspended');
    expect(suspended.schedule.reason).toMatch(/was deleted/);
    expect(await countEvents('change-request-schedule-suspended', id)).toBe(1);
    const notes = (await author.send({ method: 'GET', url: '/api/admin/notifications' })).json();
    expect(notes.some((n: { message: string }) => /suspended/.test(n.message))).toBe(true);
  });

  it('are suspended when their flag was archived meanwhile', async () => {
    await flag('gone-flag');
    const at = new Date(Date.now() + 3 * HOUR);
    const id = await scheduled(
      { feature: 'gone-flag', action: 'updateEnabled', payload: { enabled: true } },
      at,
    );
    expect((await author.send({ method: 'DELETE', url: `${P}/features/gone-flag` })).statusCode).toBe(202);
    expect(await applyNextDue(t.db, new Date(at.getTime() + 1000))).toBe(true);
    expect((await get(id)).schedule).toMatchObject({
      status: 'suspended',
      reason: 'Flag "gone-flag" was archived',
    });
  });

  it('record a failed attempt, visible on the request', async () => {
    await flag('bad-segment');
    const segment = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/segments',
        payload: { name: 'short-lived', constraints: [] },
      })
    ).json().id;
    const at = new Date(Date.now() + 4 * HOUR);
    const id = await scheduled(
      { feature: 'bad-segment', action: 'addStrategy', payload: { name: 'default', segments: [segment] } },
      at,
    );
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/segments/${segment}` })).statusCode).toBe(204);
    expect(await applyNextDue(t.db, new Date(at.getTime() + 1000))).toBe(true);
    const failed = await get(id);
    expect(failed.state).toBe('Scheduled');
    expect(failed.schedule.status).toBe('failed');
    expect(failed.schedule.failureReason).toMatch(/segment/i);
    expect((await strategies('bad-segment')).map((s) => s.name)).toEqual(['flexibleRollout']);
    expect(await countEvents('change-request-scheduled-application-failure', id)).toBe(1);
    // A failed schedule is not retried by itself.
    expect(await applyNextDue(t.db, new Date(at.getTime() + 60_000))).toBe(false);
  });
});

describe('conflicts', () => {
  it('show on the change, and keep the request from applying until the change is updated', async () => {
    await flag('contested');
    const [strategy] = await strategies('contested');
    const change = {
      feature: 'contested',
      action: 'updateStrategy',
      payload: { id: strategy!.id, name: 'flexibleRollout', parameters: { rollout: '80' } },
    };
    const id = await approved(change);
    expect((await get(id)).features[0].conflict).toBeUndefined();
    // Someone changes the strategy directly meanwhile.
    await author.send({
      method: 'PUT',
      url: `${P}/features/contested/environments/production/strategies/${strategy!.id}`,
      payload: { name: 'flexibleRollout', parameters: { rollout: '20' } },
    });
    const contested = await get(id);
    expect(contested.features[0].conflict).toMatch(/was changed after/);
    expect(contested.features[0].changes[0].conflict).toMatch(/was changed after/);
    expect(contested.features[0].changes[0].snapshot.parameters.rollout).toBe('10');
    const refused = await state(author, id, { state: 'Applied' });
    expect(refused.statusCode).toBe(409);
    expect((await strategies('contested'))[0]!.parameters.rollout).toBe('20');
    const refusedSchedule = await state(author, id, {
      state: 'Scheduled',
      scheduledAt: new Date().toISOString(),
    });
    expect(refusedSchedule.statusCode).toBe(409);

    // Updating the change takes a new snapshot; the request goes back to review.
    const updated = await author.send({
      method: 'PUT',
      url: `${CR}/${id}/changes/${contested.features[0].changes[0].id}`,
      payload: change,
    });
    expect(updated.json().features[0].conflict).toBeUndefined();
    expect(updated.json().state).toBe('In review');
    await state(reviewer, id, { state: 'Approved' });
    expect((await state(author, id, { state: 'Applied' })).statusCode).toBe(200);
    expect((await strategies('contested'))[0]!.parameters.rollout).toBe('80');
  });

  it('are suspended when whoever scheduled them may no longer apply there', async () => {
    const planner = await signedIn(t, 'short-lived-planner', 2);
    const applies = await projectRole(t, 'Later applier', [
      { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
    ]);
    await grant(t, 'later', [planner.id], [4, applies]);
    await flag('lost-right');
    const drafted = await planner.send({
      method: 'POST',
      url: `${P}/environments/production/change-requests`,
      payload: { feature: 'lost-right', action: 'updateEnabled', payload: { enabled: true } },
    });
    const id = drafted.json().id as number;
    expect((await state(planner, id, { state: 'In review' })).statusCode).toBe(200);
    expect((await state(reviewer, id, { state: 'Approved' })).statusCode).toBe(200);
    const at = new Date(Date.now() + 3 * HOUR);
    const scheduledResponse = await state(planner, id, { state: 'Scheduled', scheduledAt: at.toISOString() });
    expect(scheduledResponse.statusCode, scheduledResponse.body).toBe(200);
    const removed = await t.admin({ method: 'DELETE', url: `${P}/users/${planner.id}/roles` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    while (await applyNextDue(t.db, new Date(at.getTime() + 1000))) {
      /* every request due by then */
    }
    const suspended = (await t.admin({ method: 'GET', url: `${CR}/${id}` })).json();
    expect(suspended.state).toBe('Scheduled');
    expect(suspended.schedule.status).toBe('suspended');
    expect(suspended.schedule.reason).toMatch(/may no longer apply/);
    const [row] = await t.db.query<{ enabled: boolean }>(
      "SELECT enabled FROM flag_environments WHERE flag_name = 'lost-right' AND environment_name = 'production'",
    );
    expect(row?.enabled).toBe(false);
  });
});
