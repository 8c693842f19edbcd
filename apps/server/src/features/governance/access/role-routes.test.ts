import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const role = (name: string, permissions: { name: string; environment?: string }[], type = 'custom') => ({
  name,
  type,
  permissions,
});

describe('custom roles', () => {
  it('lists the predefined roles first, with their permissions from the catalogue', async () => {
    const list = await t.admin({ method: 'GET', url: '/api/admin/roles' });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .roles.slice(0, 6)
        .map((r: { name: string }) => r.name),
    ).toEqual(['Admin', 'Editor', 'Viewer', 'Owner', 'Member', 'Reader']);
    const owner = (await t.admin({ method: 'GET', url: '/api/admin/roles/4' })).json();
    expect(owner.type).toBe('project');
    expect(owner.permissions.map((p: { name: string }) => p.name)).toContain('PROJECT_USER_ACCESS_WRITE');
  });

  it('creates a project role with environment permissions, reads it back and records role-created', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/roles',
      payload: role('Dev toggler', [
        { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
        { name: 'UPDATE_FEATURE' },
      ]),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().roles.id;
    const read = (await t.admin({ method: 'GET', url: `/api/admin/roles/${id}` })).json();
    expect(read.permissions).toEqual([
      expect.objectContaining({ name: 'UPDATE_FEATURE', type: 'project' }),
      expect.objectContaining({
        name: 'UPDATE_FEATURE_ENVIRONMENT',
        type: 'environment',
        environment: 'development',
      }),
    ]);
    const [event] = await t.db.query<{ type: string }>(`SELECT type FROM events ORDER BY id DESC LIMIT 1`);
    expect(event!.type).toBe('role-created');
  });

  it.each([
    [
      'a root permission in a project role',
      role('Bad 1', [{ name: 'CREATE_SEGMENT' }]),
      '/body/permissions/0',
    ],
    [
      'a project permission in a root role',
      role('Bad 2', [{ name: 'CREATE_FEATURE' }], 'root-custom'),
      '/body/permissions/0',
    ],
    [
      'an environment permission without its environment',
      role('Bad 3', [{ name: 'UPDATE_FEATURE_ENVIRONMENT' }]),
      '/body/permissions/0',
    ],
    [
      'an environment that does not exist',
      role('Bad 4', [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'mars' }]),
      '/body/permissions/0/environment',
    ],
    ['a permission outside the catalogue', role('Bad 5', [{ name: 'FLY' }]), '/body/permissions/0'],
    ['ADMIN', role('Bad 6', [{ name: 'ADMIN' }], 'root-custom'), '/body/permissions/0'],
    ['an empty name', role('  ', []), '/body/name'],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_what, body, path) => {
    const before = (await t.admin({ method: 'GET', url: '/api/admin/roles' })).json().roles.length;
    for (const url of ['/api/admin/roles', '/api/admin/roles/validate']) {
      const response = await t.admin({ method: 'POST', url, payload: body });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
    expect((await t.admin({ method: 'GET', url: '/api/admin/roles' })).json().roles.length).toBe(before);
  });

  it('validates a good role without saving it, and refuses a taken name (400 on validate, 409 on create)', async () => {
    const body = role('Validated', [{ name: 'CREATE_FEATURE' }]);
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/roles/validate', payload: body })).statusCode,
    ).toBe(200);
    expect((await t.admin({ method: 'POST', url: '/api/admin/roles', payload: body })).statusCode).toBe(200);
    expect(
      (await t.admin({ method: 'POST', url: '/api/admin/roles/validate', payload: body })).statusCode,
    ).toBe(400);
    const again = await t.admin({
      method: 'POST',
      url: '/api/admin/roles',
      payload: { ...body, name: 'VALIDATED' },
    });
    expect(again.statusCode).toBe(409);
    // Root and project roles have names of their own: the same name as a root role is fine.
    const root = await t.admin({
      method: 'POST',
      url: '/api/admin/roles',
      payload: role('Validated', [{ name: 'CREATE_SEGMENT' }], 'root-custom'),
    });
    expect(root.statusCode).toBe(200);
  });

  it('never changes or deletes a predefined role', async () => {
    const put = await t.admin({ method: 'PUT', url: '/api/admin/roles/2', payload: role('Editor', []) });
    expect(put.statusCode).toBe(400);
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/roles/5' })).statusCode).toBe(400);
  });

  it('refuses to delete a role in use with 409 naming where, then deletes it once unused', async () => {
    const id = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: role('Held', [{ name: 'UPDATE_FEATURE' }]),
      })
    ).json().roles.id;
    const user = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/user-admin',
        payload: { username: 'holder', rootRole: 3 },
      })
    ).json();
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/access',
      payload: { roles: [id], users: [user.id], groups: [] },
    });
    const refused = await t.admin({ method: 'DELETE', url: `/api/admin/roles/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/project "default" by 1 user/);
    const usage = (await t.admin({ method: 'GET', url: `/api/admin/projects/roles/${id}/access` })).json();
    expect(usage.projects).toEqual([
      { project: 'default', role: id, userCount: 1, serviceAccountCount: 0, groupCount: 0 },
    ]);
    await t.admin({ method: 'DELETE', url: `/api/admin/projects/default/users/${user.id}/roles` });
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/roles/${id}` })).statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: `/api/admin/roles/${id}` })).statusCode).toBe(404);
  });

  it('gives a custom root role to a user, who then holds exactly its permissions', async () => {
    const id = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: role('Segment keeper', [{ name: 'CREATE_SEGMENT' }], 'root-custom'),
      })
    ).json().roles.id;
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/user-admin',
      payload: { username: 'keeper', password: 'password-1234', rootRole: id },
    });
    expect(created.json()).toMatchObject({ rootRole: id, rootRoleName: 'Segment keeper' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'keeper', password: 'password-1234' },
    });
    const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
    const me = (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: { cookie } })).json();
    expect(me.permissions).toEqual(expect.arrayContaining([{ permission: 'CREATE_SEGMENT' }]));
    const segment = await t.app.inject({
      method: 'POST',
      url: '/api/admin/segments',
      headers: { cookie },
      payload: { name: 'keepers', constraints: [] },
    });
    expect(segment.statusCode).toBe(201);
    const tagType = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tag-types',
      headers: { cookie },
      payload: { name: 'nope' },
    });
    expect(tagType.statusCode).toBe(403);
    const roleInUse = await t.admin({ method: 'DELETE', url: `/api/admin/roles/${id}` });
    expect(roleInUse.statusCode).toBe(409);
    expect(roleInUse.json().message).toMatch(/root role of 1 user/);
  });
});
