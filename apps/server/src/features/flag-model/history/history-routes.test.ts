import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let alice: Person;
let bob: Person;
const P = '/api/admin/projects/shop';
const F = `${P}/features/checkout`;
const instants: Record<string, string> = {};

const lastRecordedAt = async (environment: string) =>
  (
    await t.db.query<{ at: Date }>(
      'SELECT max(recorded_at) AS at FROM served_recordings WHERE environment = $1',
      [environment],
    )
  )[0]!.at.toISOString();
const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
const playground = (body: object) => t.admin({ method: 'POST', url: '/api/admin/playground', payload: body });

beforeAll(async () => {
  t = await createTestApp();
  ok(await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'shop', name: 'Shop' } }));
  const reviewer = await projectRole(t, 'Production reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
  ]);
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  await grant(t, 'shop', [alice.id, bob.id], [5]);
  await grant(t, 'shop', [alice.id, bob.id], [reviewer]);
  ok(
    await t.admin({
      method: 'PUT',
      url: `${P}/environments/production/change-requests/config`,
      payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
    }),
  );
  ok(await t.admin({ method: 'POST', url: `${P}/features`, payload: { name: 'checkout' } }));
  instants.created = await lastRecordedAt('development');
  await new Promise((resolve) => setTimeout(resolve, 5));
  ok(
    await t.admin({
      method: 'POST',
      url: `${F}/environments/development/strategies`,
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['shop'] }],
      },
    }),
  );
  ok(await t.admin({ method: 'POST', url: `${F}/environments/development/on` }));
  instants.on = await lastRecordedAt('development');
});
afterAll(() => t.close());

describe('the playground at an instant', () => {
  it('evaluates against the configuration served then, with the per-constraint explanation', async () => {
    const context = { appName: 'shop', userId: '7' };
    const then = await playground({
      environment: 'development',
      projects: ['shop'],
      context,
      at: instants.created,
    });
    expect(then.statusCode, then.body).toBe(200);
    const before = then.json().features.find((f: { name: string }) => f.name === 'checkout');
    expect(before.isEnabledInCurrentEnvironment).toBe(false);
    expect(before.strategies.data).toEqual([]);
    const later = await playground({
      environment: 'development',
      projects: ['shop'],
      context,
      at: instants.on,
    });
    const after = later.json().features.find((f: { name: string }) => f.name === 'checkout');
    expect(after.isEnabledInCurrentEnvironment).toBe(true);
    expect(after.strategies.data[0].constraints[0]).toMatchObject({ contextName: 'appName', result: true });

    const advanced = await t.admin({
      method: 'POST',
      url: '/api/admin/playground/advanced',
      payload: {
        environments: ['development'],
        projects: ['shop'],
        context: { userId: '1,2' },
        at: instants.created,
      },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json().features[0].environments.development[0].isEnabledInCurrentEnvironment).toBe(false);
  });

  it('refuses an instant that is no ISO 8601 instant, or before history begins, naming at', async () => {
    for (const at of ['last tuesday', '2001-01-01T00:00:00Z']) {
      const res = await playground({ environment: 'development', context: {}, at });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('/body/at');
    }
  });
});

describe('comparing two instants', () => {
  it('names the changed flags and who gained them', async () => {
    const res = await t.admin({
      method: 'POST',
      url: '/api/admin/history/compare',
      payload: {
        environment: 'development',
        projects: ['shop'],
        from: instants.created,
        to: instants.on,
        contexts: [
          { appName: 'shop', userId: '1' },
          { appName: 'other', userId: '1' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.flags).toEqual([
      { name: 'checkout', project: 'shop', change: 'changed', parts: ['enabled', 'strategies'] },
    ]);
    expect(body.contextsCompared).toBe(2);
    // appName "other" fails the constraint: nothing changes for it.
    expect(body.contexts.every((c: { context: { appName: string } }) => c.context.appName === 'shop')).toBe(
      true,
    );
    const sampled = await t.admin({
      method: 'POST',
      url: '/api/admin/history/compare',
      payload: { environment: 'development', from: instants.created, to: 'not-a-time' },
    });
    expect(sampled.json().details[0].path).toBe('/body/to');
  });
});

describe("a flag's timeline and restore", () => {
  it('lists each change with who made it and the share of users it reached', async () => {
    const res = await t.admin({ url: `${F}/environments/development/history` });
    expect(res.statusCode, res.body).toBe(200);
    const [on, strategy, created] = res.json().changes;
    expect(on.parts).toEqual(['enabled']);
    expect(on.createdBy.length).toBe(1);
    expect(on.events.map((e: { type: string }) => e.type)).toContain('feature-environment-enabled');
    expect(on.shareBefore.enabled).toBe(0);
    // Half of the generated users, give or take what hashing 1,000 of them gives: none has appName "shop".
    expect(on.shareAfter.enabled).toBe(0);
    expect(strategy.parts).toEqual(['strategies']);
    expect(created.change).toBe('added');
    expect(
      (await t.admin({ url: `${P}/features/nothing/environments/development/history` })).statusCode,
    ).toBe(404);
  });

  it('records the change request a change went through, and restores through one where they are on', async () => {
    const draft = await alice.send({
      method: 'POST',
      url: `${P}/environments/production/change-requests`,
      payload: { feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
    });
    ok(draft);
    const id = draft.json().id as number;
    ok(
      await alice.send({
        method: 'PUT',
        url: `${P}/change-requests/${id}/state`,
        payload: { state: 'In review' },
      }),
    );
    ok(
      await bob.send({
        method: 'PUT',
        url: `${P}/change-requests/${id}/state`,
        payload: { state: 'Approved' },
      }),
    );
    ok(
      await alice.send({
        method: 'PUT',
        url: `${P}/change-requests/${id}/state`,
        payload: { state: 'Applied' },
      }),
    );
    const timeline = (await t.admin({ url: `${F}/environments/production/history` })).json();
    expect(timeline.changes[0].changeRequestId).toBe(id);
    expect(timeline.changes[0].shareAfter.enabled).toBe(1);

    const restore = await alice.send({
      method: 'POST',
      url: `${F}/environments/production/history/restore`,
      payload: { at: instants.created },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().outcome).toBe('change-request');
    expect(restore.json().changes.map((c: { action: string }) => c.action)).toEqual([
      'deleteStrategy',
      'updateEnabled',
    ]);
    const request = (
      await alice.send({ url: `${P}/change-requests/${restore.json().changeRequestId}` })
    ).json();
    expect(request.state).toBe('Draft');
    // Nothing changed yet: production still serves the flag on.
    const state = await t.admin({
      url: `/api/admin/history/state?environment=production&project=shop&at=${new Date().toISOString()}`,
    });
    expect(state.json().features[0].enabled).toBe(true);
  });

  it('applies directly where change requests are off, and says when nothing would change', async () => {
    const res = await t.admin({
      method: 'POST',
      url: `${F}/environments/development/history/restore`,
      payload: { at: instants.created },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('applied');
    const again = await t.admin({
      method: 'POST',
      url: `${F}/environments/development/history/restore`,
      payload: { at: instants.created },
    });
    expect(again.json().outcome).toBe('unchanged');
    const before = await t.admin({
      method: 'POST',
      url: `${F}/environments/development/history/restore`,
      payload: { at: '2001-01-01T00:00:00Z' },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().details[0].path).toBe('/body/at');
  });
});
