import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { grant, type Person, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

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
