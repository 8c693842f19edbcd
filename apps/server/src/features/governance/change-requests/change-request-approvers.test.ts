import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { grant, type Person, signedIn } from '../../../testing/people.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

// Who can approve with the predefined roles alone (decision record 0030): no custom role anywhere in this file.
let t: TestApp;
let owner: Person;
let member: Person;
let loner: Person;
const P = '/api/admin/projects/team';
const CR = `${P}/change-requests`;
/** The Admin user a fresh installation starts with. */
const ADMIN_USER = 1;

const flag = async (name: string) =>
  expect((await t.admin({ method: 'POST', url: `${P}/features`, payload: { name } })).statusCode).toBe(201);
const on = (feature: string) => ({ feature, action: 'updateEnabled', payload: { enabled: true } });
const draft = (who: Person, feature: string) =>
  who.send({ method: 'POST', url: `${P}/environments/production/change-requests`, payload: on(feature) });
const setState = (who: Person, id: number, state: string) =>
  who.send({ method: 'PUT', url: `${CR}/${id}/state`, payload: { state } });

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'team', name: 'Team' } });
  owner = await signedIn(t, 'olga');
  member = await signedIn(t, 'mats');
  await grant(t, 'team', [owner.id], [ROLE_IDS.Owner]);
  await grant(t, 'team', [member.id], [ROLE_IDS.Member]);
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'solo', name: 'Solo' } });
  loner = await signedIn(t, 'lone');
  await grant(t, 'solo', [loner.id], [ROLE_IDS.Owner]);
  await t.admin({
    method: 'PUT',
    url: '/api/admin/projects/solo/environments/production/change-requests/config',
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
  const config = await t.admin({
    method: 'PUT',
    url: `${P}/environments/production/change-requests/config`,
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
  expect(config.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('approval with the predefined roles', () => {
  it("lets the project's Owner approve and apply a Member's request", async () => {
    await flag('owner-approves');
    const id = (await draft(member, 'owner-approves')).json().id;
    expect((await setState(member, id, 'In review')).statusCode).toBe(200);
    expect((await setState(member, id, 'Approved')).statusCode).toBe(403);
    const approved = await setState(owner, id, 'Approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toBe('Approved');
    expect((await setState(member, id, 'Applied')).statusCode).toBe(403);
    expect((await setState(owner, id, 'Applied')).json().state).toBe('Applied');
  });

  it('never lets the Owner approve their own request, nor skip the review', async () => {
    await flag('owner-own');
    const id = (await draft(owner, 'owner-own')).json().id;
    await setState(owner, id, 'In review');
    const own = await setState(owner, id, 'Approved');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/own change request/);
    const direct = await owner.send({
      method: 'POST',
      url: `${P}/features/owner-own/environments/production/on`,
    });
    expect(direct.statusCode).toBe(403);
    expect(direct.body).toMatch(/SKIP_CHANGE_REQUEST/);
  });
});

describe('who could approve a request', () => {
  it('lists the people who may approve it, its author left out', async () => {
    await flag('listed');
    const id = (await draft(member, 'listed')).json().id;
    const sent = await setState(member, id, 'In review');
    // The Admin made at start-up may approve anywhere (ADMIN), as in Unleash.
    expect(sent.json().approvers.map((a: { id: number }) => a.id)).toEqual([ADMIN_USER, owner.id]);
    expect(sent.json().approversProblem).toBeUndefined();
    const read = (await member.send({ method: 'GET', url: `${CR}/${id}` })).json();
    expect(read.approvers.map((a: { id: number }) => a.id)).toEqual([ADMIN_USER, owner.id]);
  });

  it('says so when nobody but its author could approve it, and who can change that', async () => {
    const S = '/api/admin/projects/solo';
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/user-admin/${ADMIN_USER}` })).statusCode).toBe(
      200,
    );
    await t.admin({ method: 'POST', url: `${S}/features`, payload: { name: 'alone' } });
    const id = (
      await loner.send({
        method: 'POST',
        url: `${S}/environments/production/change-requests`,
        payload: on('alone'),
      })
    ).json().id;
    const sent = await loner.send({
      method: 'PUT',
      url: `${S}/change-requests/${id}/state`,
      payload: { state: 'In review' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().approvers).toEqual([]);
    expect(sent.json().approversProblem).toMatch(/Nobody but its author/);
    expect(sent.json().approversProblem).toMatch(/APPROVE_CHANGE_REQUEST/);
    expect(sent.json().approversProblem).toMatch(/Owner/);
  });
});

describe('automation', () => {
  const asToken = (authorization: string): Person => ({
    id: 0,
    username: 'token',
    send: (options) =>
      t.app.inject({ ...options, headers: { authorization, ...(options.headers as object) } }),
  });

  it('lets an API token draft, send to review and apply, never approve, with the token recorded', async () => {
    await flag('by-token');
    const token = asToken(ADMIN_TOKEN);
    const drafted = await draft(token, 'by-token');
    expect(drafted.statusCode, drafted.body).toBe(200);
    const id = drafted.json().id;
    const sent = await setState(token, id, 'In review');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().state).toBe('In review');
    expect(sent.json().createdBy.username).toBe(drafted.json().createdBy.username);
    expect((await setState(token, id, 'Approved')).statusCode).toBe(403);
    expect((await setState(owner, id, 'Approved')).json().state).toBe('Approved');
    const applied = await setState(token, id, 'Applied');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().state).toBe('Applied');
    const events = await t.db.query<{ type: string; created_by: string }>(
      `SELECT type, created_by FROM events WHERE type LIKE 'change-request-%' AND data->>'changeRequestId' = $1
        ORDER BY id`,
      [String(id)],
    );
    const by = Object.fromEntries(events.map((e) => [e.type, e.created_by]));
    expect(by['change-request-sent-to-review']).toBe(drafted.json().createdBy.username);
    expect(by['change-request-applied']).toBe(drafted.json().createdBy.username);
  });

  it('never lets a person send a token’s draft to review', async () => {
    await flag('other-token');
    const id = (await draft(asToken(ADMIN_TOKEN), 'other-token')).json().id;
    const sent = await setState(owner, id, 'In review');
    expect([403, 404]).toContain(sent.statusCode);
  });

  it('lets a service account draft, send to review and apply, but not approve its own', async () => {
    await flag('by-robot');
    const account = await t.admin({
      method: 'POST',
      url: '/api/admin/service-account',
      payload: { username: 'robot', name: 'Robot', rootRole: 3 },
    });
    expect(account.statusCode, account.body).toBe(201);
    await grant(t, 'team', [account.json().id], [ROLE_IDS.Owner]);
    const secret = (
      await t.admin({
        method: 'POST',
        url: `/api/admin/service-account/${account.json().id}/token`,
        payload: { description: 'pipeline', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      })
    ).json().secret;
    const robot = asToken(secret);
    const id = (await draft(robot, 'by-robot')).json().id;
    expect((await setState(robot, id, 'In review')).json().state).toBe('In review');
    const own = await setState(robot, id, 'Approved');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/own change request/);
    expect((await setState(owner, id, 'Approved')).json().state).toBe('Approved');
    expect((await setState(robot, id, 'Applied')).json().state).toBe('Applied');
  });
});
