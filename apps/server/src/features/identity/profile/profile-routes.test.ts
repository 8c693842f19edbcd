import { ROLE_IDS } from '@switchyard/access';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Building the app migrates a database: slow on a busy machine.
}, 300_000);
afterAll(() => t.close());

it('shows your root role, project roles direct and through groups, groups, permissions and tokens', async () => {
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'web', name: 'Web' } });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'mobile', name: 'Mobile' } });
  const editor = await t.as('Editor', { memberOf: ['web'] });
  const me = (await editor({ method: 'GET', url: '/api/admin/user' })).json().user as { id: number };
  const group = await t.admin({
    method: 'POST',
    url: '/api/admin/groups',
    payload: { name: 'Mobile team', users: [{ user: { id: me.id } }] },
  });
  expect(group.statusCode).toBe(201);
  const granted = await t.admin({
    method: 'POST',
    url: '/api/admin/projects/mobile/access',
    payload: { roles: [ROLE_IDS.Reader], groups: [group.json().id], users: [] },
  });
  expect(granted.statusCode).toBeLessThan(300);
  const pat = await editor({
    method: 'POST',
    url: '/api/admin/user/tokens',
    payload: { description: 'laptop', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(pat.statusCode).toBe(201);

  const profile = await editor({ method: 'GET', url: '/api/admin/user/profile' });
  expect(profile.statusCode).toBe(200);
  const body = profile.json();
  expect(body.rootRole).toMatchObject({ id: ROLE_IDS.Editor, name: 'Editor', type: 'root' });
  expect(body.projects).toEqual(['mobile', 'web']);
  expect(body.projectRoles).toEqual([
    { project: 'mobile', role: expect.objectContaining({ name: 'Reader' }), group: 'Mobile team' },
    { project: 'web', role: expect.objectContaining({ name: 'Member' }), group: null },
  ]);
  expect(body.groups).toEqual([{ id: group.json().id, name: 'Mobile team', rootRole: null }]);
  expect(body.permissions).toContainEqual({ permission: 'CREATE_FEATURE', project: 'web' });
  expect(body.pats).toEqual([expect.objectContaining({ description: 'laptop' })]);
  expect(body.pats[0].secret).toBeUndefined();
});

it('needs a signed-in user: an API token has no profile', async () => {
  expect((await t.admin({ method: 'GET', url: '/api/admin/user/profile' })).statusCode).toBe(403);
});

it('lists your favorite flags as features, leaving out archived flags and projects hidden from you', async () => {
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'fav', name: 'Fav' } });
  await t.admin({
    method: 'POST',
    url: '/api/admin/projects',
    payload: { id: 'fav-private', name: 'Private', mode: 'private' },
  });
  const viewer = await t.as('Viewer');
  const flags = [
    ['fav', 'fav-kept'],
    ['fav', 'fav-archived'],
    ['fav-private', 'fav-hidden'],
  ] as const;
  for (const [project, name] of flags) {
    await t.admin({ method: 'POST', url: `/api/admin/projects/${project}/features`, payload: { name } });
  }
  const me = (await viewer({ method: 'GET', url: '/api/admin/user' })).json().user as { id: number };
  for (const [, name] of flags) {
    await t.db.query('INSERT INTO favorite_flags (flag_name, user_id) VALUES ($1, $2)', [name, me.id]);
  }
  await t.admin({ method: 'DELETE', url: '/api/admin/projects/fav/features/fav-archived' });
  const body = (await viewer({ method: 'GET', url: '/api/admin/user/profile' })).json();
  expect(body.features).toEqual([{ name: 'fav-kept', project: 'fav' }]);
  expect(body.subscriptions).toEqual([]);
});
