import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../events/event-store.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
let editorId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.as('Editor');
  editorId = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-editor'"))[0]!.id;
  for (const id of ['dash-fav', 'dash-flags', 'dash-events', 'dash-other']) {
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
  }
  await t.db.query("INSERT INTO favorite_projects (project_id, user_id) VALUES ('dash-fav', $1)", [editorId]);
  await buildFlag(t.db, { name: 'mine', project: 'dash-flags', createdByUserId: editorId });
  await buildFlag(t.db, {
    name: 'mine-archived',
    project: 'dash-flags',
    createdByUserId: editorId,
    archived: new Date(),
  });
  await buildFlag(t.db, { name: 'favourite', project: 'dash-other', type: 'experiment' });
  await buildFlag(t.db, { name: 'not-mine', project: 'dash-other' });
  await t.db.query("INSERT INTO favorite_flags (flag_name, user_id) VALUES ('favourite', $1)", [editorId]);
  await createEventStore(t.db).append({
    type: 'project-updated',
    createdBy: 'test-editor',
    createdByUserId: editorId,
    project: 'dash-events',
  });
});
afterAll(() => t.close());

describe('GET /api/admin/personal-dashboard (getPersonalDashboard)', () => {
  it("lists the user's flags and the projects they take part in, with the admins", async () => {
    const editor = await t.as('Editor');
    const response = await editor({ method: 'GET', url: '/api/admin/personal-dashboard' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.flags).toEqual([
      { name: 'favourite', project: 'dash-other', type: 'experiment', lastSeenAt: null },
      { name: 'mine', project: 'dash-flags', type: 'release', lastSeenAt: null },
    ]);
    expect(body.projects.map((p: { id: string }) => p.id)).toEqual(['dash-events', 'dash-fav', 'dash-flags']);
    expect(body.projects.find((p: { id: string }) => p.id === 'dash-flags')).toMatchObject({
      name: 'dash-flags',
      health: 100,
      technicalDebt: 0,
      featureCount: 1,
      owners: [{ ownerType: 'system' }],
    });
    expect(body.admins).toContainEqual({ id: 1, name: 'Admin', username: 'admin' });
    expect(body.projectOwners).toEqual([]);
  });

  it('lists the projects a user is a Member of, directly or through a group', async () => {
    const viewer = await t.as('Viewer');
    const viewerId = (
      await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-viewer'")
    )[0]!.id;
    for (const id of ['dash-member', 'dash-group']) {
      await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
    }
    const member = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/dash-member/access',
      payload: { roles: [5], users: [viewerId], groups: [] },
    });
    expect(member.statusCode).toBeLessThan(300);
    const group = await t.admin({
      method: 'POST',
      url: '/api/admin/groups',
      payload: { name: 'dash-readers', users: [{ user: { id: viewerId } }] },
    });
    expect(group.statusCode).toBe(201);
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/dash-group/access',
      payload: { roles: [6], users: [], groups: [group.json().id] },
    });
    const body = (await viewer({ method: 'GET', url: '/api/admin/personal-dashboard' })).json();
    expect(body.projects.map((p: { id: string }) => p.id)).toEqual(['dash-group', 'dash-member']);
    expect(body.projects[1]).toMatchObject({ memberCount: 1 });
    await t.admin({ method: 'DELETE', url: `/api/admin/projects/dash-member/users/${viewerId}/roles` });
    await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/dash-group/groups/${group.json().id}/roles`,
    });
  });

  it('is empty for a user who has done nothing yet', async () => {
    const viewer = await t.as('Viewer');
    const body = (await viewer({ method: 'GET', url: '/api/admin/personal-dashboard' })).json();
    expect(body).toMatchObject({ projects: [], flags: [], projectOwners: [] });
  });

  it('needs a signed-in user: API tokens get 403 and anonymous callers 401', async () => {
    const token = await t.admin({ method: 'GET', url: '/api/admin/personal-dashboard' });
    expect(token.statusCode).toBe(403);
    expect(token.json().name).toBe('NoAccessError');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/personal-dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/personal-dashboard/{projectId} (getPersonalDashboardProjectDetails)', () => {
  it("gives the project's flag health, onboarding status and its 10 newest events", async () => {
    const events = createEventStore(t.db);
    for (let i = 0; i < 12; i++) {
      await events.append({
        type: 'feature-updated',
        createdBy: 'alice',
        project: 'dash-other',
        flagName: `f${i}`,
        environment: 'production',
      });
    }
    await t.db.query("UPDATE flags SET stale = true WHERE name = 'not-mine'");
    // Health kept on three days: today and 10 days ago (current window), 40 days ago (past window).
    await t.db.query("DELETE FROM project_health_days WHERE project = 'dash-other'");
    await t.db.query(
      `INSERT INTO project_health_days (project, day, health) VALUES
         ('dash-other', (now() AT TIME ZONE 'UTC')::date, 50),
         ('dash-other', (now() AT TIME ZONE 'UTC')::date - 10, 70),
         ('dash-other', (now() AT TIME ZONE 'UTC')::date - 40, 90)`,
    );
    const editor = await t.as('Editor');
    const response = await editor({ method: 'GET', url: '/api/admin/personal-dashboard/dash-other' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.insights).toEqual({
      avgHealthCurrentWindow: 60,
      avgHealthPastWindow: 90,
      totalFlags: 2,
      activeFlags: 1,
      staleFlags: 1,
      potentiallyStaleFlags: 0,
      health: 50,
      technicalDebt: 50,
    });
    expect(body.onboardingStatus).toEqual({ status: 'first-flag-created', feature: 'favourite' });
    expect(body.latestEvents).toHaveLength(10);
    expect(body.latestEvents[0]).toMatchObject({
      summary: '**alice** feature-updated **f11** in production',
      createdBy: 'alice',
      createdByImageUrl: '',
    });
    expect(body.owners).toEqual([{ ownerType: 'system' }]);
    expect(body.roles).toEqual([]);
  });

  it('answers 404 for an unknown project, 403 for API tokens and 401 anonymously', async () => {
    const viewer = await t.as('Viewer');
    const missing = await viewer({ method: 'GET', url: '/api/admin/personal-dashboard/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    const token = await t.admin({ method: 'GET', url: '/api/admin/personal-dashboard/default' });
    expect(token.statusCode).toBe(403);
    expect(token.json().name).toBe('NoAccessError');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/personal-dashboard/default' })).statusCode,
    ).toBe(401);
  });
});
