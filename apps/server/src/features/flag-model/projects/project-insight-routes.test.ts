import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

let t: TestApp;
let editorId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.as('Editor');
  editorId = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-editor'"))[0]!.id;
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'ins', name: 'Insights' } });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'empty', name: 'Empty' } });
  await buildFlag(t.db, {
    name: 'ins-old',
    project: 'ins',
    createdAt: daysAgo(45),
    createdByUserId: editorId,
  });
  await buildFlag(t.db, {
    name: 'ins-live',
    project: 'ins',
    createdAt: daysAgo(10),
    environments: { production: true },
  });
  await buildFlag(t.db, {
    name: 'ins-prelive',
    project: 'ins',
    type: 'experiment',
    environments: { development: true },
  });
  await buildFlag(t.db, {
    name: 'ins-initial',
    project: 'ins',
    type: 'kill-switch',
    createdByUserId: editorId,
  });
  await buildFlag(t.db, { name: 'ins-stale', project: 'ins', stale: true });
  await buildFlag(t.db, {
    name: 'ins-archived',
    project: 'ins',
    createdAt: daysAgo(20),
    archived: daysAgo(5),
  });
  // The live flag was first enabled in production three days after it was created.
  await t.db.query(
    `INSERT INTO events (type, created_by, project, feature_name, environment, created_at)
     VALUES ('feature-environment-enabled', 'alice', 'ins', 'ins-live', 'production', $1)`,
    [daysAgo(7)],
  );
  await t.db.query("INSERT INTO segments (name, project_id) VALUES ('ins-segment', 'ins')");
  await t.admin({
    method: 'POST',
    url: '/api/admin/projects/ins/api-tokens',
    payload: { tokenName: 'ins-sdk', type: 'client', environment: 'production' },
  });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const response = await t.admin({ method: 'GET', url: `/api/admin/projects/${path}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('every insight operation', () => {
  const paths = [
    'overview',
    'status',
    'health-report',
    'insights',
    'dora',
    'flag-creators',
    'applications',
    'sdks/outdated',
  ];

  it('answers 404 for an unknown project and 401 without credentials, and is readable by viewers', async () => {
    const viewer = await t.as('Viewer');
    for (const path of paths) {
      const missing = await t.admin({ method: 'GET', url: `/api/admin/projects/nowhere/${path}` });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json().name).toBe('NotFoundError');
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/projects/ins/${path}` });
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.json().name).toBe('AuthenticationRequired');
      expect((await viewer({ method: 'GET', url: `/api/admin/projects/ins/${path}` })).statusCode, path).toBe(
        200,
      );
    }
  });

  it('marks health-report, insights and dora as deprecated in OpenAPI', async () => {
    const doc = (await t.app.inject('/docs/openapi.json')).json();
    for (const path of paths) {
      const deprecated = doc.paths[`/api/admin/projects/{projectId}/${path}`].get.deprecated ?? false;
      expect(deprecated, path).toBe(['health-report', 'insights', 'dora'].includes(path));
    }
  });
});

describe('GET /api/admin/projects/{projectId}/overview (getProjectOverview)', () => {
  it('summarises settings, health, flag types and the activity windows', async () => {
    const body = await get('ins/overview');
    expect(body).toMatchObject({
      version: 1,
      name: 'Insights',
      mode: 'open',
      health: 60,
      technicalDebt: 40,
      archivedAt: null,
      environments: [{ environment: 'development' }, { environment: 'production' }],
      featureTypeCounts: [
        { type: 'experiment', count: 1 },
        { type: 'kill-switch', count: 1 },
        { type: 'release', count: 3 },
      ],
      onboardingStatus: { status: 'first-flag-created', feature: 'ins-old' },
    });
    expect(body.stats).toMatchObject({
      createdCurrentWindow: 5,
      createdPastWindow: 1,
      archivedCurrentWindow: 1,
      archivedPastWindow: 0,
      avgTimeToProdCurrentWindow: 3,
      avgTimeToProdPastWindow: 0,
      projectMembersAddedCurrentWindow: 0,
    });
    expect(body.stats.projectActivityCurrentWindow).toBeGreaterThanOrEqual(2);
  });

  it('counts the users and groups given a role in the project in the last 30 days', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'ins-team', name: 'Team' } });
    await t.as('Viewer');
    const [viewer] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-viewer'");
    const viewerId = viewer!.id;
    const group = await t.admin({ method: 'POST', url: '/api/admin/groups', payload: { name: 'ins-group' } });
    const granted = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/ins-team/access',
      payload: { roles: [5], users: [viewerId, editorId], groups: [group.json().id] },
    });
    expect(granted.statusCode).toBeLessThan(300);
    await t.db.query(
      "UPDATE project_members SET created_at = $1 WHERE project = 'ins-team' AND user_id = $2",
      [daysAgo(31), editorId],
    );
    expect((await get('ins-team/overview')).stats.projectMembersAddedCurrentWindow).toBe(2);
  });

  it('reports the onboarding status before the first flag and once an SDK has used one', async () => {
    expect((await get('empty/overview')).onboardingStatus).toEqual({ status: 'onboarding-started' });
    await buildFlag(t.db, { name: 'empty-seen', project: 'empty', lastSeenAt: new Date() });
    expect((await get('empty/overview')).onboardingStatus).toEqual({ status: 'onboarded' });
  });
});

describe('GET /api/admin/projects/{projectId}/status (getProjectStatus)', () => {
  it('reports activity per day, resources, health, lifecycle stages and stale flags', async () => {
    const body = await get('ins/status');
    const today = new Date().toISOString().slice(0, 10);
    expect(body.activityCountByDate.at(-1).date).toBe(today);
    expect(
      body.activityCountByDate.find(
        (d: { date: string }) => d.date === daysAgo(7).toISOString().slice(0, 10),
      ),
    ).toEqual({
      date: daysAgo(7).toISOString().slice(0, 10),
      count: 1,
    });
    expect(body.resources).toMatchObject({ apiTokens: 1, segments: 1 });
    // Nobody holds a role in the project (members: project-owners.test.ts).
    expect(body.resources.members).toBe(0);
    expect(body.health).toEqual({ current: 60 });
    expect(body.technicalDebt).toEqual({ current: 40 });
    expect(body.lifecycleSummary).toEqual({
      // ins-live left initial after 3 days, ins-archived after 15; the others have not left it, or left it
      // with no recorded time (turned on without an event).
      initial: { averageDays: 9, currentFlags: 3 },
      preLive: { averageDays: null, currentFlags: 1 },
      live: { averageDays: null, currentFlags: 1 },
      completed: { averageDays: null, currentFlags: 0 },
      archived: { currentFlags: 1, last30Days: 1 },
    });
    expect(body.staleFlags).toEqual({ total: 2 });
  });

  it('averages the days spent in each stage that flags have left, from the times they entered it', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'ages', name: 'Ages' } });
    await buildFlag(t.db, { name: 'ages-a', project: 'ages', createdAt: daysAgo(30) });
    await buildFlag(t.db, { name: 'ages-b', project: 'ages', createdAt: daysAgo(20) });
    const enabled = (flag: string, environment: string, at: Date) =>
      t.db.query(
        `INSERT INTO events (type, created_by, project, feature_name, environment, created_at)
         VALUES ('feature-environment-enabled', 'alice', 'ages', $1, $2, $3)`,
        [flag, environment, at],
      );
    // a: initial 2 days, pre-live 8 days, live since; b: initial 4 days, pre-live 2 days, live 4 days, completed.
    await enabled('ages-a', 'development', daysAgo(28));
    await enabled('ages-a', 'production', daysAgo(20));
    await enabled('ages-b', 'development', daysAgo(16));
    await enabled('ages-b', 'production', daysAgo(14));
    await t.db.query(
      "INSERT INTO flag_completions (flag_name, status, completed_at) VALUES ('ages-b', 'kept', $1)",
      [daysAgo(10)],
    );
    const { lifecycleSummary } = await get('ages/status');
    expect(lifecycleSummary).toMatchObject({
      initial: { averageDays: 3 },
      preLive: { averageDays: 5 },
      live: { averageDays: 4 },
      completed: { averageDays: null, currentFlags: 1 },
    });
  });

  it('counts a flag marked completed in the completed stage', async () => {
    await t.db.query("INSERT INTO flag_completions (flag_name, status) VALUES ('ins-initial', 'kept')");
    const { lifecycleSummary } = await get('ins/status');
    expect(lifecycleSummary.initial.currentFlags).toBe(2);
    expect(lifecycleSummary.completed.currentFlags).toBe(1);
    await t.db.query("DELETE FROM flag_completions WHERE flag_name = 'ins-initial'");
  });
});

describe('GET /api/admin/projects/{projectId}/health-report (getProjectHealthReport)', () => {
  it('counts active, stale and potentially stale flags and lists them', async () => {
    const body = await get('ins/health-report');
    expect(body).toMatchObject({
      version: 1,
      name: 'Insights',
      health: 60,
      activeCount: 3,
      staleCount: 1,
      potentiallyStaleCount: 1,
      environments: ['development', 'production'],
    });
    expect(body.features).toHaveLength(5);
  });
});

describe('GET /api/admin/projects/{projectId}/insights (getProjectInsights)', () => {
  it('combines health, lead time, flag types and members', async () => {
    const body = await get('ins/insights');
    expect(body.health).toEqual({ rating: 60, activeCount: 3, potentiallyStaleCount: 1, staleCount: 1 });
    expect(body.leadTime).toEqual({
      projectAverage: 3,
      features: [{ name: 'ins-live', timeToProduction: 3 }],
    });
    expect(body.members).toMatchObject({ change: 0 });
    expect(body.featureTypeCounts).toHaveLength(3);
  });
});

describe('GET /api/admin/projects/{projectId}/dora (getProjectDora)', () => {
  it('gives the days from creation to first production enabling, per flag that got there', async () => {
    expect(await get('ins/dora')).toEqual({
      projectAverage: 3,
      features: [{ name: 'ins-live', timeToProduction: 3 }],
    });
    expect(await get('empty/dora')).toEqual({ projectAverage: 0, features: [] });
  });
});

describe('GET /api/admin/projects/{projectId}/flag-creators (getProjectFlagCreators)', () => {
  it('lists the users who created flags in the project', async () => {
    expect(await get('ins/flag-creators')).toEqual([{ id: editorId, name: 'test-editor' }]);
    expect(await get('empty/flag-creators')).toEqual([]);
  });
});

describe('GET /api/admin/projects/{projectId}/applications (getProjectApplications)', () => {
  it('is empty while no SDK registered with its token or reported one of its flags (filled: metrics/sdk-routes.test.ts)', async () => {
    expect(await get('ins/applications?offset=0&limit=25')).toEqual({ applications: [], total: 0 });
  });

  it('refuses bad paging parameters', async () => {
    for (const query of ['limit=0', 'offset=-1', 'sortOrder=sideways']) {
      const response = await t.admin({ method: 'GET', url: `/api/admin/projects/ins/applications?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().name).toBe('BadDataError');
    }
  });
});

describe('GET /api/admin/projects/{projectId}/sdks/outdated (getOutdatedProjectSdks)', () => {
  it('is empty while no application of the project reported an SDK (filled: metrics/sdk-routes.test.ts)', async () => {
    expect(await get('ins/sdks/outdated')).toEqual({ sdks: [] });
  });
});
