import { ROLE_IDS } from '@switchyard/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { lastEvent } from '../../../testing/db-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const id of ['move-from', 'move-to']) {
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
  }
}, 300_000);
afterAll(() => t.close());

const move = (send: TestApp['admin'], flag: string, newProjectId: unknown, from = 'move-from') =>
  send({
    method: 'POST',
    url: `/api/admin/projects/${from}/features/${flag}/changeProject`,
    payload: { newProjectId },
  });
const create = (name: string, project = 'move-from') =>
  t.admin({ method: 'POST', url: `/api/admin/projects/${project}/features`, payload: { name } });

describe('POST …/features/{featureName}/changeProject (changeProject)', () => {
  it('moves the flag with its strategies and records feature-project-change in the new project', async () => {
    await create('moving');
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/move-from/features/moving/environments/development/strategies',
      payload: { name: 'default' },
    });
    const response = await move(t.admin, 'moving', 'move-to');
    expect(response.statusCode, response.body).toBe(200);
    const moved = await t.admin({ method: 'GET', url: '/api/admin/projects/move-to/features/moving' });
    expect(moved.statusCode).toBe(200);
    const development = moved.json().environments.find((e: { name: string }) => e.name === 'development');
    expect(development.strategies).toHaveLength(1);
    expect(
      (await t.admin({ method: 'GET', url: '/api/admin/projects/move-from/features/moving' })).statusCode,
    ).toBe(404);
    expect(await lastEvent(t.db, 'moving')).toMatchObject({
      type: 'feature-project-change',
      data: { oldProject: 'move-from', newProject: 'move-to' },
    });
    const [event] = await t.db.query<{ project: string }>(
      "SELECT project FROM events WHERE type = 'feature-project-change' AND feature_name = 'moving'",
    );
    expect(event!.project).toBe('move-to');
  });

  it('needs MOVE_FEATURE_TOGGLE in both projects: an Owner of one only is refused', async () => {
    await create('owned-move');
    const owner = await t.as('Viewer');
    const [me] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-viewer'");
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/move-from/access',
      payload: { roles: [ROLE_IDS.Owner], users: [me!.id], groups: [] },
    });
    const refused = await move(owner, 'owned-move', 'move-to');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/MOVE_FEATURE_TOGGLE/);
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/move-to/access',
      payload: { roles: [ROLE_IDS.Owner], users: [me!.id], groups: [] },
    });
    expect((await move(owner, 'owned-move', 'move-to')).statusCode).toBe(200);
    const member = await t.as('Editor', { memberOf: ['move-to'] });
    expect((await move(member, 'owned-move', 'move-from', 'move-to')).statusCode).toBe(403);
  });

  it('refuses flags with dependencies, unknown projects and flags, the same project and bad input', async () => {
    await create('move-parent');
    await create('move-child');
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/move-from/features/move-child/dependencies',
      payload: { feature: 'move-parent' },
    });
    const tied = await move(t.admin, 'move-parent', 'move-to');
    expect(tied.statusCode).toBe(403);
    expect(tied.json().message).toMatch(/dependencies/);
    expect((await move(t.admin, 'move-parent', 'nowhere')).statusCode).toBe(404);
    expect((await move(t.admin, 'ghost', 'move-to')).statusCode).toBe(404);
    expect((await move(t.admin, 'move-parent', 'move-from')).statusCode).toBe(403);
    const bad = await move(t.admin, 'move-parent', 42);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/newProjectId');
  });
});
