import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { grant, type Person, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// Collaboration modes and change requests (decision record 0033): in a protected project only members and Admins
// submit or change requests; someone who is no longer a member may still cancel or discard theirs.
let t: TestApp;
let member: Person;
let owner: Person;
let editor: Person;

const crOf = (project: string) => `/api/admin/projects/${project}/change-requests`;
const on = (feature: string) => ({ feature, action: 'updateEnabled', payload: { enabled: true } });
const draft = (who: Person, project: string, payload: object) =>
  who.send({
    method: 'POST',
    url: `/api/admin/projects/${project}/environments/production/change-requests`,
    payload,
  });
const setState = (who: Person, project: string, id: number, state: string) =>
  who.send({ method: 'PUT', url: `${crOf(project)}/${id}/state`, payload: { state } });
const setMode = async (project: string, name: string, mode: string) =>
  expect(
    (await t.admin({ method: 'PUT', url: `/api/admin/projects/${project}`, payload: { name, mode } }))
      .statusCode,
  ).toBe(200);
const flag = async (project: string, name: string) =>
  expect(
    (await t.admin({ method: 'POST', url: `/api/admin/projects/${project}/features`, payload: { name } }))
      .statusCode,
  ).toBe(201);
const changeRequestsOn = async (project: string) =>
  expect(
    (
      await t.admin({
        method: 'PUT',
        url: `/api/admin/projects/${project}/environments/production/change-requests/config`,
        payload: { changeRequestsEnabled: true },
      })
    ).statusCode,
  ).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({
    method: 'POST',
    url: '/api/admin/projects',
    payload: { id: 'guarded', name: 'Guarded', mode: 'protected' },
  });
  member = await signedIn(t, 'guarded-member');
  owner = await signedIn(t, 'guarded-owner');
  editor = await signedIn(t, 'default-editor', ROLE_IDS.Editor);
  await grant(t, 'guarded', [member.id], [ROLE_IDS.Member]);
  await grant(t, 'guarded', [owner.id], [ROLE_IDS.Owner]);
  await changeRequestsOn('guarded');
  await changeRequestsOn('default');
});
afterAll(() => t?.close());

describe('a protected project', () => {
  it('takes change requests from its members and Admins', async () => {
    await flag('guarded', 'member-change');
    const drafted = await draft(member, 'guarded', on('member-change'));
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect((await setState(member, 'guarded', drafted.json().id, 'In review')).statusCode).toBe(200);
    await flag('guarded', 'admin-change');
    expect((await draft({ ...member, send: t.admin }, 'guarded', on('admin-change'))).statusCode).toBe(200);
  });

  it("takes none from an Editor whose only tie to the project is the Editor role's work in default", async () => {
    await flag('default', 'editor-change');
    // Open: an Editor works in the default project, change requests included.
    const open = await draft(editor, 'default', on('editor-change'));
    expect(open.statusCode, open.body).toBe(200);
    await setMode('default', 'Default', 'protected');
    try {
      const refused = await draft(editor, 'default', on('editor-change'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('is protected: only its members and Admins');
      const id = open.json().id as number;
      expect((await setState(editor, 'default', id, 'In review')).statusCode).toBe(403);
      // What they opened before stays theirs to withdraw.
      const discarded = await editor.send({ method: 'DELETE', url: `${crOf('default')}/${id}` });
      expect(discarded.statusCode, discarded.body).toBe(200);
    } finally {
      await setMode('default', 'Default', 'open');
    }
  });

  it('lets someone who is no longer a member cancel their request, and change nothing else', async () => {
    const leaver = await signedIn(t, 'guarded-leaver');
    await grant(t, 'guarded', [leaver.id], [ROLE_IDS.Member]);
    await flag('guarded', 'left-behind');
    await flag('guarded', 'left-behind-too');
    const drafted = await draft(leaver, 'guarded', on('left-behind'));
    const id = drafted.json().id as number;
    const changeId = drafted.json().features[0].changes[0].id as number;
    expect((await setState(leaver, 'guarded', id, 'In review')).statusCode).toBe(200);
    const removed = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/guarded/users/${leaver.id}/roles`,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const attempts = {
      add: await draft(leaver, 'guarded', on('left-behind-too')),
      edit: await leaver.send({
        method: 'PUT',
        url: `${crOf('guarded')}/${id}/changes/${changeId}`,
        payload: on('left-behind'),
      }),
      remove: await leaver.send({ method: 'DELETE', url: `${crOf('guarded')}/${id}/changes/${changeId}` }),
      title: await leaver.send({
        method: 'PUT',
        url: `${crOf('guarded')}/${id}/title`,
        payload: { title: 'x' },
      }),
      reviewers: await leaver.send({
        method: 'PUT',
        url: `${crOf('guarded')}/${id}/approvers`,
        payload: { reviewers: [owner.id] },
      }),
    };
    expect(Object.fromEntries(Object.entries(attempts).map(([k, r]) => [k, r.statusCode]))).toEqual({
      add: 403,
      edit: 403,
      remove: 403,
      title: 403,
      reviewers: 403,
    });
    const request = (await owner.send({ method: 'GET', url: `${crOf('guarded')}/${id}` })).json();
    expect(request.features[0].changes).toHaveLength(1);
    expect(request.title).toBe(`Change request #${id}`);
    const cancelled = await setState(leaver, 'guarded', id, 'Cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('Cancelled');
  });

  it('counts a role held through a group', async () => {
    const grouped = await signedIn(t, 'guarded-grouped');
    const group = await t.admin({
      method: 'POST',
      url: '/api/admin/groups',
      payload: { name: 'Guardians', users: [{ user: { id: grouped.id } }] },
    });
    expect(group.statusCode, group.body).toBe(201);
    const access = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/guarded/access',
      payload: { users: [], groups: [group.json().id], roles: [ROLE_IDS.Member] },
    });
    expect(access.statusCode, access.body).toBeLessThan(300);
    await flag('guarded', 'group-change');
    const drafted = await draft(grouped, 'guarded', on('group-change'));
    expect(drafted.statusCode, drafted.body).toBe(200);
  });
});
