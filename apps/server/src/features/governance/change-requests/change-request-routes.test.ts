import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, type Person, projectRole, type Send, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let alice: Person;
let bob: Person;
let carol: Person;
const P = '/api/admin/projects/shop';
const CR = `${P}/change-requests`;

const flag = async (name: string) =>
  expect((await t.admin({ method: 'POST', url: `${P}/features`, payload: { name } })).statusCode).toBe(201);
const draft = (who: Person, changes: object, environment = 'production') =>
  who.send({ method: 'POST', url: `${P}/environments/${environment}/change-requests`, payload: changes });
const setState = (who: Person | { send: Send }, id: number, body: Record<string, unknown>) =>
  who.send({ method: 'PUT', url: `${CR}/${id}/state`, payload: body });
const enabledIn = async (name: string, environment: string) =>
  (await t.admin({ method: 'GET', url: `${P}/features/${name}` }))
    .json()
    .environments.find((e: { name: string }) => e.name === environment).enabled;
const configure = (environment: string, changeRequestsEnabled: boolean, requiredApprovals?: number) =>
  t.admin({
    method: 'PUT',
    url: `${P}/environments/${environment}/change-requests/config`,
    payload: { changeRequestsEnabled, requiredApprovals },
  });
const on = (feature: string, enabled = true) => ({ feature, action: 'updateEnabled', payload: { enabled } });

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'shop', name: 'Shop' } });
  const reviewer = await projectRole(t, 'Production reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
  ]);
  alice = await signedIn(t, 'alice');
  bob = await signedIn(t, 'bob');
  carol = await signedIn(t, 'carol');
  await grant(t, 'shop', [alice.id, bob.id, carol.id], [5]);
  await grant(t, 'shop', [alice.id, bob.id], [reviewer]);
  expect((await configure('production', true, 1)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('change request settings', () => {
  it('lists every environment of the project and keeps approvals within 1 to 10', async () => {
    const config = (await t.admin({ method: 'GET', url: `${CR}/config` })).json();
    expect(config).toContainEqual({
      environment: 'production',
      type: 'production',
      changeRequestEnabled: true,
      requiredApprovals: 1,
    });
    expect(
      config.find((c: { environment: string }) => c.environment === 'development').changeRequestEnabled,
    ).toBe(false);
    await configure('development', true, 50);
    expect(
      (await t.admin({ method: 'GET', url: `${CR}/config` }))
        .json()
        .find((c: { environment: string }) => c.environment === 'development').requiredApprovals,
    ).toBe(10);
    await configure('development', false);
    expect((await configure('staging-nowhere', true)).statusCode).toBe(404);
    expect(
      (
        await alice.send({
          method: 'PUT',
          url: `${P}/environments/development/change-requests/config`,
          payload: { changeRequestsEnabled: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('change requests from the start', () => {
  it('are on where a new project or a newly added environment asks for them', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: {
        id: 'guarded',
        name: 'Guarded',
        environments: ['production'],
        changeRequestEnvironments: [{ name: 'production', requiredApprovals: 3 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const config = async () =>
      (await t.admin({ method: 'GET', url: '/api/admin/projects/guarded/change-requests/config' })).json();
    expect(await config()).toEqual([
      { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 3 },
    ]);
    const added = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/guarded/environments',
      payload: { environment: 'development', changeRequestsEnabled: true },
    });
    expect(added.statusCode).toBe(200);
    expect(
      (await config()).find((c: { environment: string }) => c.environment === 'development'),
    ).toMatchObject({
      changeRequestEnabled: true,
      requiredApprovals: 1,
    });
    const wrong = await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: {
        id: 'wrong',
        name: 'Wrong',
        environments: ['development'],
        changeRequestEnvironments: [{ name: 'production' }],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await t.admin({ method: 'GET', url: '/api/admin/projects/wrong' })).statusCode).toBe(404);
  });
});

describe('direct writes where change requests are on', () => {
  it('are refused with 403 naming SKIP_CHANGE_REQUEST, admins included, and allowed elsewhere', async () => {
    await flag('direct');
    const refused = await alice.send({
      method: 'POST',
      url: `${P}/features/direct/environments/production/on`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);
    const asAdmin = await t.admin({ method: 'POST', url: `${P}/features/direct/environments/production/on` });
    expect(asAdmin.statusCode).toBe(403);
    expect(await enabledIn('direct', 'production')).toBe(false);
    expect(
      (await alice.send({ method: 'POST', url: `${P}/features/direct/environments/development/on` }))
        .statusCode,
    ).toBe(200);
    // Archiving touches every environment of the project.
    expect((await alice.send({ method: 'DELETE', url: `${P}/features/direct` })).statusCode).toBe(403);
  });

  it('are allowed to whoever holds SKIP_CHANGE_REQUEST there', async () => {
    await flag('skipper');
    const skip = await projectRole(t, 'Skipper', [
      { name: 'SKIP_CHANGE_REQUEST', environment: 'production' },
    ]);
    const dana = await signedIn(t, 'dana');
    await grant(t, 'shop', [dana.id], [5, skip]);
    const response = await dana.send({
      method: 'POST',
      url: `${P}/features/skipper/environments/production/on`,
    });
    expect(response.statusCode).toBe(200);
    expect(await enabledIn('skipper', 'production')).toBe(true);
  });
});

describe('the life of a change request', () => {
  it('is drafted, reviewed by someone else, and applied: the flag is on only then', async () => {
    await flag('checkout');
    const first = await draft(alice, on('checkout'));
    expect(first.statusCode).toBe(200);
    const id = first.json().id;
    const second = await draft(alice, [
      { feature: 'checkout', action: 'addStrategy', payload: { name: 'default', constraints: [] } },
    ]);
    expect(second.json().id).toBe(id);
    expect(second.json().features[0].changes.map((c: { action: string }) => c.action)).toEqual([
      'updateEnabled',
      'addStrategy',
    ]);
    expect(second.json().state).toBe('Draft');
    // A draft is its author's alone.
    expect((await bob.send({ method: 'GET', url: `${CR}/${id}` })).statusCode).toBe(404);
    expect((await setState(bob, id, { state: 'In review' })).statusCode).toBe(404);

    expect((await setState(alice, id, { state: 'In review', comment: 'Launch!' })).json().state).toBe(
      'In review',
    );
    const own = await setState(alice, id, { state: 'Approved' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/own/);
    expect((await setState(carol, id, { state: 'Approved' })).statusCode).toBe(403);
    expect((await setState(alice, id, { state: 'Applied' })).statusCode).toBe(400);
    expect(await enabledIn('checkout', 'production')).toBe(false);

    const approved = await setState(bob, id, { state: 'Approved' });
    expect(approved.json().state).toBe('Approved');
    expect(approved.json().approvals[0].createdBy.username).toBe('bob');
    expect(await enabledIn('checkout', 'production')).toBe(false);

    const applied = await setState(alice, id, { state: 'Applied' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().state).toBe('Applied');
    expect(Object.keys(applied.json().stateTimestamps)).toEqual(
      expect.arrayContaining(['Draft', 'In review', 'Approved', 'Applied']),
    );
    expect(await enabledIn('checkout', 'production')).toBe(true);
    const strategies = (
      await t.admin({ method: 'GET', url: `${P}/features/checkout/environments/production/strategies` })
    ).json();
    // The request adds a strategy itself, so turning on adds no default rollout (decision record 0029).
    expect(strategies.map((s: { name: string }) => s.name)).toEqual(['default']);
    const events = (await t.admin({ method: 'GET', url: '/api/admin/events?feature=checkout' })).json()
      .events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['feature-environment-enabled', 'feature-strategy-add']),
    );
    expect(events.find((e: { type: string }) => e.type === 'feature-environment-enabled').createdBy).toBe(
      'alice',
    );
    // Closed is closed.
    expect((await setState(alice, id, { state: 'Cancelled' })).statusCode).toBe(400);
  });

  it('is rejected with a comment, cancelled by its author only, and discarded while a draft', async () => {
    await flag('rejectme');
    const id = (await draft(alice, on('rejectme'))).json().id;
    await setState(alice, id, { state: 'In review' });
    const rejected = await setState(bob, id, { state: 'Rejected', comment: 'Not before Friday' });
    expect(rejected.json().state).toBe('Rejected');
    expect(rejected.json().comments.map((c: { text: string }) => c.text)).toContain('Not before Friday');

    const id2 = (await draft(alice, on('rejectme'))).json().id;
    expect(id2).not.toBe(id);
    await setState(alice, id2, { state: 'In review' });
    expect((await setState(bob, id2, { state: 'Cancelled' })).statusCode).toBe(403);
    expect((await setState(alice, id2, { state: 'Cancelled' })).json().state).toBe('Cancelled');

    const id3 = (await draft(alice, on('rejectme'))).json().id;
    expect((await bob.send({ method: 'DELETE', url: `${CR}/${id3}` })).statusCode).toBe(404);
    expect((await alice.send({ method: 'DELETE', url: `${CR}/${id3}` })).statusCode).toBe(200);
    expect((await alice.send({ method: 'GET', url: `${CR}/${id3}` })).statusCode).toBe(404);
  });

  it('is approved by people only, applied only with APPLY_CHANGE_REQUEST, and rejected even when scheduled', async () => {
    await flag('guarded-apply');
    const id = (await draft(alice, on('guarded-apply'))).json().id;
    await setState(alice, id, { state: 'In review' });
    const byToken = await setState({ send: t.admin }, id, { state: 'Approved' });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().message).toMatch(/people/);
    await setState(bob, id, { state: 'Approved' });
    const noApply = await setState(carol, id, { state: 'Applied' });
    expect(noApply.statusCode).toBe(403);
    expect(noApply.json().message).toMatch(/APPLY_CHANGE_REQUEST/);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await setState(alice, id, { state: 'Scheduled' })).json().details[0].path).toBe(
      '/body/scheduledAt',
    );
    expect((await setState(alice, id, { state: 'Scheduled', scheduledAt: at })).json().state).toBe(
      'Scheduled',
    );
    const rejected = await setState(bob, id, { state: 'Rejected' });
    expect(rejected.json().state).toBe('Rejected');
    expect(rejected.json().schedule).toBeUndefined();
    expect(await enabledIn('guarded-apply', 'production')).toBe(false);
  });

  it('drops its approvals when edited in review', async () => {
    await configure('production', true, 2);
    await flag('twice');
    const id = (await draft(alice, on('twice'))).json().id;
    await setState(alice, id, { state: 'In review' });
    const once = await setState(bob, id, { state: 'Approved' });
    expect(once.json().state).toBe('In review');
    expect(once.json().approvals).toHaveLength(1);
    const changeId = once.json().features[0].changes[0].id;
    const edited = await alice.send({
      method: 'PUT',
      url: `${CR}/${id}/changes/${changeId}`,
      payload: on('twice', false),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().approvals).toEqual([]);
    expect(edited.json().features[0].changes[0].id).not.toBe(changeId);
    expect(edited.json().features[0].changes[0].payload).toEqual({ enabled: false });
    await configure('production', true, 1);
  });

  it('refuses bad changes with the field named, and changes nothing', async () => {
    await flag('strict');
    const bad = await draft(alice, [
      on('strict'),
      { feature: 'strict', action: 'updateEnabled', payload: { enabled: 'yes' } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/1/payload/enabled');
    const badRule = await draft(alice, {
      feature: 'strict',
      action: 'addStrategy',
      payload: {
        name: 'default',
        constraints: [{ contextName: 'userId', operator: 'NUM_EQ', value: 'ten' }],
      },
    });
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json().details[0].path).toMatch(/^\/body\/payload\/constraints\/0/);
    expect((await draft(alice, on('no-such-flag'))).statusCode).toBe(404);
    expect((await draft(alice, { action: 'updateEnabled', payload: { enabled: true } })).statusCode).toBe(
      400,
    );
    expect((await draft(alice, on('strict'), 'development')).statusCode).toBe(400);
    const viewer = await signedIn(t, 'viewer-only');
    expect((await draft(viewer, on('strict'))).statusCode).toBe(403);
    expect(
      (await alice.send({ method: 'GET', url: `${CR}/pending` }))
        .json()
        .some((r: { features: { name: string }[] }) => r.features.some((f) => f.name === 'strict')),
    ).toBe(false);
  });
});

describe('reviewers, notifications and lists', () => {
  it('notifies requested reviewers and the author, and counts what waits for whom', async () => {
    await flag('notified');
    const id = (await draft(alice, on('notified'))).json().id;
    const available = (
      await alice.send({ method: 'GET', url: `${CR}/available-reviewers/production` })
    ).json();
    expect(available.reviewers.map((r: { username: string }) => r.username)).toEqual(
      expect.arrayContaining(['alice', 'bob']),
    );
    expect(available.reviewers.map((r: { username: string }) => r.username)).not.toContain('carol');
    const refused = await alice.send({
      method: 'PUT',
      url: `${CR}/${id}/approvers`,
      payload: { reviewers: [carol.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('/body/reviewers/0');
    expect(
      (await alice.send({ method: 'PUT', url: `${CR}/${id}/approvers`, payload: { reviewers: [bob.id] } }))
        .statusCode,
    ).toBe(204);
    expect((await alice.send({ method: 'GET', url: `${CR}/${id}/approvers` })).json().reviewers[0].id).toBe(
      bob.id,
    );
    await setState(alice, id, { state: 'In review' });

    const forBob = (await bob.send({ method: 'GET', url: '/api/admin/notifications' })).json();
    const ask = forBob.find((n: { link: string }) => n.link.endsWith(`/change-requests/${id}`));
    expect(ask.message).toMatch(/alice asks you to review/);
    expect(ask.readAt).toBeNull();
    expect((await bob.send({ method: 'GET', url: `${CR}/actionable` })).json().total).toBeGreaterThanOrEqual(
      1,
    );
    const search = (
      await bob.send({
        method: 'GET',
        url: `/api/admin/search/change-requests?requestedApproverId=IS:${bob.id}&state=IS:open`,
      })
    ).json();
    expect(search.changeRequests.map((r: { id: number }) => r.id)).toContain(id);
    expect(search.changeRequests.find((r: { id: number }) => r.id === id).features).toEqual(['notified']);

    await bob.send({
      method: 'POST',
      url: '/api/admin/notifications/read',
      payload: { notifications: [ask.id] },
    });
    expect(
      (await bob.send({ method: 'GET', url: '/api/admin/notifications' }))
        .json()
        .find((n: { id: number }) => n.id === ask.id).readAt,
    ).not.toBeNull();

    await bob.send({
      method: 'POST',
      url: `${CR}/${id}/comments`,
      payload: { text: 'Checking the rollout' },
    });
    await setState(bob, id, { state: 'Approved' });
    const forAlice = (await alice.send({ method: 'GET', url: '/api/admin/notifications' })).json();
    expect(forAlice.map((n: { message: string }) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/bob approved/),
        expect.stringMatching(/bob commented on/),
      ]),
    );
    const pending = (await alice.send({ method: 'GET', url: `${CR}/pending/notified` })).json();
    expect(pending.map((r: { id: number }) => r.id)).toEqual([id]);
    const count = (await alice.send({ method: 'GET', url: `${CR}/count` })).json();
    expect(count.approved).toBeGreaterThanOrEqual(1);
    expect(count.total).toBeGreaterThanOrEqual(count.approved + count.applied);
    await t.admin({ method: 'PUT', url: `${CR}/${id}/title`, payload: { title: 'nope' } });
    expect(
      (await alice.send({ method: 'PUT', url: `${CR}/${id}/title`, payload: { title: 'Notify launch' } }))
        .statusCode,
    ).toBe(204);
    expect((await alice.send({ method: 'GET', url: `${CR}/${id}` })).json().title).toBe('Notify launch');
  });

  it('evaluates the playground as if the request were applied, changing nothing', async () => {
    await flag('preview');
    const id = (await draft(alice, on('preview'))).json().id;
    const playground = await alice.send({
      method: 'POST',
      url: `/api/admin/playground/change-request/${id}`,
      payload: { context: { userId: '1' } },
    });
    expect(playground.statusCode).toBe(200);
    const preview = playground.json().features.find((f: { name: string }) => f.name === 'preview');
    expect(preview.environments.production[0].isEnabled).toBe(true);
    expect(await enabledIn('preview', 'production')).toBe(false);
    expect(
      (
        await bob.send({
          method: 'POST',
          url: `/api/admin/playground/change-request/${id}`,
          payload: { context: {} },
        })
      ).statusCode,
    ).toBe(404);
  });
});
