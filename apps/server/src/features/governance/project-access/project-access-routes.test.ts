import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A person with a root role (3 Viewer unless said), signed in. */
async function person(username: string, rootRole = 3): Promise<{ id: number; send: Send }> {
  const user = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username, password: 'password-1234', rootRole },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username, password: 'password-1234' },
  });
  const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
  return {
    id: user.json().id,
    send: (options) => t.app.inject({ ...options, headers: { cookie, ...(options.headers as object) } }),
  };
}

const project = (id: string, mode = 'open') =>
  t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id, mode } });
const grant = (projectId: string, body: { roles: number[]; users?: number[]; groups?: number[] }) =>
  t.admin({
    method: 'POST',
    url: `/api/admin/projects/${projectId}/access`,
    payload: { users: [], groups: [], ...body },
  });
const createFlag = (send: Send, projectId: string, name: string) =>
  send({ method: 'POST', url: `/api/admin/projects/${projectId}/features`, payload: { name } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('project access', () => {
  it('makes the creator of a project its Owner, and keeps other Editors out of it', async () => {
    const creator = await person('creator', 2);
    const other = await person('other-editor', 2);
    expect(
      (
        await creator.send({
          method: 'POST',
          url: '/api/admin/projects',
          payload: { id: 'owned', name: 'Owned' },
        })
      ).statusCode,
    ).toBe(201);
    const access = (await t.admin({ method: 'GET', url: '/api/admin/projects/owned/access' })).json();
    expect(access.users).toEqual([
      expect.objectContaining({ id: creator.id, roles: [4], accountType: 'User' }),
    ]);
    expect((await createFlag(creator.send, 'owned', 'by-owner')).statusCode).toBe(201);
    const refused = await createFlag(other.send, 'owned', 'by-other');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/CREATE_FEATURE.*owned/);
    const details = (
      await creator.send({ method: 'GET', url: '/api/admin/personal-dashboard/owned' })
    ).json();
    expect(details.roles).toEqual([{ id: 4, name: 'Owner', type: 'project' }]);
    expect(details.owners).toEqual([{ ownerType: 'user', name: 'creator' }]);
    // Every Editor works in the default project.
    expect((await createFlag(other.send, 'default', 'in-default')).statusCode).toBe(201);
  });

  it('gives several roles to one member and lets the owner manage access without being an Admin', async () => {
    await project('shared');
    const owner = await person('shared-owner');
    const member = await person('shared-member');
    await grant('shared', { roles: [4], users: [owner.id] });
    const toggler = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: {
          name: 'Prod toggler',
          permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }],
        },
      })
    ).json().roles.id;
    const added = await owner.send({
      method: 'POST',
      url: '/api/admin/projects/shared/access',
      payload: { roles: [5, toggler], users: [member.id], groups: [] },
    });
    expect(added.statusCode).toBe(200);
    const users = (await owner.send({ method: 'GET', url: '/api/admin/projects/shared/access' })).json()
      .users;
    expect(users.find((u: { id: number }) => u.id === member.id).roles).toEqual([5, toggler]);
    const roles = (await member.send({ method: 'GET', url: '/api/admin/user/roles?projectId=shared' }))
      .json()
      .map((r: { name: string }) => r.name);
    expect(roles).toEqual(['Viewer', 'Member', 'Prod toggler']);
    // The member cannot change who has access.
    const refused = await member.send({
      method: 'PUT',
      url: `/api/admin/projects/shared/users/${member.id}/roles`,
      payload: { roles: [4] },
    });
    expect(refused.statusCode).toBe(403);
    // Replacing the roles takes the old ones away.
    await owner.send({
      method: 'PUT',
      url: `/api/admin/projects/shared/users/${member.id}/roles`,
      payload: { roles: [6] },
    });
    expect((await createFlag(member.send, 'shared', 'after-demotion')).statusCode).toBe(403);
  });

  it('refuses root roles, unknown roles, users and groups with 400 naming the field, and changes nothing', async () => {
    await project('strict');
    const user = await person('strict-user');
    const cases: [object, string][] = [
      [{ roles: [1], users: [user.id] }, '/body/roles/0'],
      [{ roles: [9999], users: [user.id] }, '/body/roles/0'],
      [{ roles: [5], users: [99999] }, '/body/users/0'],
      [{ roles: [5], groups: [99999] }, '/body/groups/0'],
    ];
    for (const [body, path] of cases) {
      const response = await grant('strict', body as never);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
    expect((await t.admin({ method: 'GET', url: '/api/admin/projects/strict/access' })).json().users).toEqual(
      [],
    );
    expect((await t.admin({ method: 'GET', url: '/api/admin/projects/nowhere/access' })).statusCode).toBe(
      404,
    );
  });

  it('grants project roles through a group, and a group root role, until the member leaves', async () => {
    await project('team-project');
    const member = await person('team-member');
    const group = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/groups',
        payload: { name: 'Team', rootRole: 2, users: [{ user: { id: member.id } }] },
      })
    ).json();
    expect(group).toMatchObject({ name: 'Team', rootRole: 2, userCount: 1 });
    await grant('team-project', { roles: [5], groups: [group.id] });
    expect((await createFlag(member.send, 'team-project', 'via-group')).statusCode).toBe(201);
    // The group's root role (Editor) lets a Viewer create segments.
    const segment = await member.send({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'team-seg', constraints: [] },
    });
    expect(segment.statusCode).toBe(201);
    const update = await t.admin({
      method: 'PUT',
      url: `/api/admin/groups/${group.id}`,
      payload: { name: 'Team', rootRole: null, users: [] },
    });
    expect(update.json().userCount).toBe(0);
    expect((await createFlag(member.send, 'team-project', 'after-leaving')).statusCode).toBe(403);
    const groupAccess = (
      await t.admin({ method: 'GET', url: '/api/admin/projects/team-project/access' })
    ).json();
    expect(groupAccess.groups).toEqual([expect.objectContaining({ id: group.id, roles: [5] })]);
  });

  it('lets a service account hold project roles and act with them through its token', async () => {
    await project('robots');
    const account = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/service-account',
        payload: { username: 'robot', rootRole: 3 },
      })
    ).json();
    const token = (
      await t.admin({
        method: 'POST',
        url: `/api/admin/service-account/${account.id}/token`,
        payload: { description: 'ci', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      })
    ).json().secret;
    const asRobot: Send = (options) => t.app.inject({ ...options, headers: { authorization: token } });
    expect((await createFlag(asRobot, 'robots', 'robot-flag')).statusCode).toBe(403);
    await grant('robots', { roles: [5], users: [account.id] });
    expect((await createFlag(asRobot, 'robots', 'robot-flag')).statusCode).toBe(201);
    const users = (await t.admin({ method: 'GET', url: '/api/admin/projects/robots/access' })).json().users;
    expect(users).toEqual([
      expect.objectContaining({ id: account.id, accountType: 'Service Account', isAPI: true }),
    ]);
  });

  it("shows a user's effective permissions per project and environment", async () => {
    await project('effective');
    const user = await person('effective-user');
    const role = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: {
          name: 'Dev only',
          permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' }],
        },
      })
    ).json().roles.id;
    await grant('effective', { roles: [role], users: [user.id] });
    const check = async (environment: string) =>
      (
        await t.admin({
          method: 'GET',
          url: `/api/admin/user-admin/${user.id}/permissions?project=effective&environment=${environment}`,
        })
      ).json();
    const dev = await check('development');
    const has = (list: { name: string; hasPermission: boolean }[], name: string) =>
      list.find((p) => p.name === name)!.hasPermission;
    expect(has(dev.overview.environment, 'UPDATE_FEATURE_ENVIRONMENT')).toBe(true);
    expect(has((await check('production')).overview.environment, 'UPDATE_FEATURE_ENVIRONMENT')).toBe(false);
    expect(has(dev.overview.project, 'CREATE_FEATURE')).toBe(false);
    expect(has(dev.overview.root, 'CREATE_SEGMENT')).toBe(false);
    expect(dev.projectRoles.map((r: { name: string }) => r.name)).toEqual(['Dev only']);
    expect(dev.rootRole.name).toBe('Viewer');
  });
});

describe('collaboration mode', () => {
  it('hides a private project from non-members everywhere, and shows it to members and Admins', async () => {
    await project('secret', 'private');
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/secret/features',
      payload: { name: 'secret-flag' },
    });
    const outsider = await person('outsider', 2);
    const insider = await person('insider');
    await grant('secret', { roles: [6], users: [insider.id] });

    const ids = async (send: Send) =>
      (await send({ method: 'GET', url: '/api/admin/projects' }))
        .json()
        .projects.map((p: { id: string }) => p.id);
    expect(await ids(outsider.send)).not.toContain('secret');
    expect(await ids(insider.send)).toContain('secret');
    expect(await ids(t.admin)).toContain('secret');

    expect((await outsider.send({ method: 'GET', url: '/api/admin/projects/secret' })).statusCode).toBe(404);
    expect(
      (await outsider.send({ method: 'GET', url: '/api/admin/projects/secret/features' })).statusCode,
    ).toBe(404);
    expect((await insider.send({ method: 'GET', url: '/api/admin/projects/secret' })).statusCode).toBe(200);
    // By the flag's name alone, too.
    expect(
      (await outsider.send({ method: 'GET', url: '/api/admin/features/secret-flag/tags' })).statusCode,
    ).toBe(404);
    expect(
      (await insider.send({ method: 'GET', url: '/api/admin/features/secret-flag/tags' })).statusCode,
    ).toBe(200);

    const search = async (send: Send) =>
      (await send({ method: 'GET', url: '/api/admin/search/features?query=secret' }))
        .json()
        .features.map((f: { name: string }) => f.name);
    expect(await search(outsider.send)).toEqual([]);
    expect(await search(insider.send)).toEqual(['secret-flag']);

    const events = async (send: Send) =>
      (await send({ method: 'GET', url: '/api/admin/search/events?project=secret' })).json().total;
    expect(await events(outsider.send)).toBe(0);
    expect(await events(insider.send)).toBeGreaterThan(0);
    const played = async (send: Send) =>
      (
        await send({
          method: 'POST',
          url: '/api/admin/playground',
          payload: { environment: 'development', context: {} },
        })
      )
        .json()
        .features.map((f: { name: string }) => f.name);
    expect(await played(outsider.send)).not.toContain('secret-flag');
    expect(await played(insider.send)).toContain('secret-flag');
    const exported = async (send: Send) =>
      send({
        method: 'POST',
        url: '/api/admin/features-batch/export',
        payload: { environment: 'development', features: ['secret-flag'] },
      });
    expect((await exported(outsider.send)).statusCode).toBe(404);
    expect((await exported(insider.send)).json().features.map((f: { name: string }) => f.name)).toEqual([
      'secret-flag',
    ]);
    expect(
      (
        await outsider.send({
          method: 'POST',
          url: '/api/admin/features-batch/export',
          payload: { environment: 'development', project: 'secret' },
        })
      ).statusCode,
    ).toBe(404);
    // A Reader is a member with no rights.
    expect((await createFlag(insider.send, 'secret', 'reader-flag')).statusCode).toBe(403);
  });

  it('keeps an open project visible to every signed-in user', async () => {
    await project('public-ish', 'protected');
    const viewer = await person('any-viewer');
    expect((await viewer.send({ method: 'GET', url: '/api/admin/projects/public-ish' })).statusCode).toBe(
      200,
    );
  });
});

describe('access overview', () => {
  it('lists every user with root role, groups and projects, also as CSV', async () => {
    const json = (await t.admin({ method: 'GET', url: '/api/admin/access/overview' })).json();
    const creator = json.overview.find((row: { userName: string }) => row.userName === 'creator');
    expect(creator).toMatchObject({
      rootRole: 'Editor',
      accessibleProjects: expect.arrayContaining(['default', 'owned']),
    });
    const csv = await t.admin({
      method: 'GET',
      url: '/api/admin/access/overview',
      headers: { accept: 'text/csv' },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toBe(
      'userId,userName,userEmail,rootRole,groups,accessibleProjects,createdAt,lastSeen',
    );
    expect(csv.body).toMatch(/,creator,,Editor,,default;owned,/);
  });
});
