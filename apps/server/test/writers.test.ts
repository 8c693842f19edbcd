import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../src/testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../src/testing/people.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';
import { applyNextDue } from '../src/features/governance/change-requests/change-request-scheduler.ts';
import { progressNextDue } from '../src/features/release/release-plans/release-plan-scheduler.ts';

/**
 * Every entry that writes, not only the Admin API's routes, meets the same guards: maintenance mode (the write gate
 * every recorded change passes, features/flag-model/events/write-gate.ts) and change requests (the rule of every direct write).
 * Each writer below is tried with the guard up and must refuse and change nothing.
 */
let t: TestApp;
let author: Person;
let reviewer: Person;
let scimToken: string;
const HOUR = 3_600_000;

const enabled = async (flag: string, environment = 'production') =>
  (
    await t.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM flag_environments WHERE flag_name = $1 AND environment_name = $2',
      [flag, environment],
    )
  )[0]?.enabled;
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params))[0]!.n;
const maintenance = async (on: boolean) => {
  const response = await t.admin({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: on } });
  expect(response.statusCode, response.body).toBe(204);
};

/** An action set in project `guarded` that turns `flag` off in development when its endpoint gets a signal. */
async function actionOnSignal(
  name: string,
  flag: string,
): Promise<{ setId: number; fire(): Promise<number> }> {
  const bot = await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username: `bot-${name}`, name: `Bot ${name}`, rootRole: 1 },
  });
  expect(bot.statusCode, bot.body).toBe(201);
  const endpoint = await t.admin({ method: 'POST', url: '/api/admin/signal-endpoints', payload: { name } });
  const endpointId = endpoint.json().id as number;
  const token = await t.admin({
    method: 'POST',
    url: `/api/admin/signal-endpoints/${endpointId}/tokens`,
    payload: { name: 'monitor' },
  });
  const set = await t.admin({
    method: 'POST',
    url: '/api/admin/projects/guarded/actions',
    payload: {
      name,
      actorId: bot.json().id,
      match: { source: 'signal-endpoint', sourceId: endpointId, payload: {} },
      actions: [
        {
          action: 'TOGGLE_FEATURE_OFF',
          sortOrder: 1,
          executionParams: { project: 'guarded', environment: 'development', featureName: flag },
        },
      ],
    },
  });
  expect(set.statusCode, set.body).toBe(200);
  return {
    setId: set.json().id,
    async fire() {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/signal-endpoint/${name}`,
        headers: { authorization: `Bearer ${token.json().token}` },
        payload: { status: 'firing' },
      });
      expect(response.statusCode, response.body).toBe(202);
      const id = response.json().id as number;
      await expect
        .poll(
          async () =>
            (
              await t.db.query<{ done: boolean }>(
                'SELECT processed_at IS NOT NULL AS done FROM signals WHERE id = $1',
                [id],
              )
            )[0]?.done,
          { timeout: 5000, interval: 50 },
        )
        .toBe(true);
      return id;
    },
  };
}

/** A change request turning `flag` on in production of `guarded`, approved and scheduled an hour from now. */
async function scheduledRequest(flag: string): Promise<{ id: number; at: Date }> {
  const base = '/api/admin/projects/guarded';
  const drafted = await author.send({
    method: 'POST',
    url: `${base}/environments/production/change-requests`,
    payload: { feature: flag, action: 'updateEnabled', payload: { enabled: true } },
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  const id = drafted.json().id as number;
  const state = (who: Person, payload: object) =>
    who.send({ method: 'PUT', url: `${base}/change-requests/${id}/state`, payload });
  expect((await state(author, { state: 'In review' })).statusCode).toBe(200);
  expect((await state(reviewer, { state: 'Approved' })).statusCode).toBe(200);
  const at = new Date(Date.now() + HOUR);
  const scheduled = await state(author, { state: 'Scheduled', scheduledAt: at.toISOString() });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  return { id, at };
}

const stateFile = (flag: string, environment: string) => ({
  version: 4,
  features: [{ name: flag, project: 'guarded', type: 'release' }],
  featureEnvironments: [{ featureName: flag, environment, enabled: true }],
  featureStrategies: [],
});

beforeAll(async () => {
  t = await createTestApp({ SIGNAL_POLL_INTERVAL_MS: '200', SIGNAL_ENDPOINT_RATE_LIMIT_PER_SECOND: '100' });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'guarded', name: 'Guarded' } });
  const reviews = await projectRole(t, 'Guarded reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
  ]);
  author = await signedIn(t, 'writer-author', 2);
  reviewer = await signedIn(t, 'writer-reviewer');
  await grant(t, 'guarded', [author.id, reviewer.id], [4, reviews]);
  const config = await t.admin({
    method: 'PUT',
    url: '/api/admin/projects/guarded/environments/production/change-requests/config',
    payload: { changeRequestsEnabled: true },
  });
  expect(config.statusCode, config.body).toBeLessThan(300);
  await t.admin({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: true } });
  scimToken = (await t.admin({ method: 'POST', url: '/api/admin/scim-settings/generate-new-token' })).json()
    .token;
}, 300_000);
afterAll(() => t?.close());

describe('in maintenance mode every writer refuses and changes nothing', () => {
  it('the Admin API, an action run by a signal, the change-request scheduler, SCIM and the state import', async () => {
    for (const name of ['m-route', 'm-action', 'm-scheduled', 'm-import', 'm-restore'])
      await buildFlag(t.db, {
        name,
        project: 'guarded',
        environments: {
          development: { enabled: true, strategies: [{}] },
          production: { enabled: false, strategies: [{}] },
        },
      });
    const action = await actionOnSignal('m-alerts', 'm-action');
    const request = await scheduledRequest('m-scheduled');
    // A restore to an instant when m-restore was on in development, after it was turned off.
    const wasOn = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const off = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/guarded/features/m-restore/environments/development/off',
    });
    expect(off.statusCode, off.body).toBe(200);
    const events = await count('SELECT count(*)::int AS n FROM events');
    await maintenance(true);
    try {
      // The Admin API's routes.
      const route = await t.admin({
        method: 'POST',
        url: '/api/admin/projects/guarded/features/m-route/environments/development/off',
      });
      expect(route.statusCode).toBe(503);
      expect(await enabled('m-route', 'development')).toBe(true);

      // An action set run by an incoming signal: the signal is logged, the action fails.
      await action.fire();
      expect(await enabled('m-action', 'development')).toBe(true);
      const log = await t.admin({
        method: 'GET',
        url: `/api/admin/projects/guarded/actions/${action.setId}/events`,
      });
      expect(log.json().actionSetEvents[0]).toMatchObject({ state: 'failed' });

      // The change-request scheduler: a request due now waits for maintenance to end.
      expect(await applyNextDue(t.db, new Date(request.at.getTime() + 1000))).toBe(false);
      expect(await enabled('m-scheduled')).toBe(false);

      // SCIM provisioning.
      const scim = await t.app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
        payload: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: 'provisioned-in-maintenance',
          emails: [{ value: 'provisioned@example.com', primary: true }],
        },
      });
      expect(scim.statusCode).toBe(503);
      expect(scim.json()).toMatchObject({ status: '503' });
      expect(
        await count("SELECT count(*)::int AS n FROM users WHERE username = 'provisioned-in-maintenance'"),
      ).toBe(0);

      // The legacy state import.
      const imported = await t.admin({
        method: 'POST',
        url: '/api/admin/state/import',
        payload: stateFile('m-import', 'development'),
      });
      expect(imported.statusCode).toBe(503);

      // Restoring a flag to an earlier instant (features/governance/flag-restore).
      const restored = await t.admin({
        method: 'POST',
        url: '/api/admin/projects/guarded/features/m-restore/environments/development/history/restore',
        payload: { at: wasOn },
      });
      expect(restored.statusCode, restored.body).toBe(503);
      expect(await enabled('m-restore', 'development')).toBe(false);

      // Nothing recorded but the toggle itself.
      expect(await count('SELECT count(*)::int AS n FROM events')).toBe(events + 1);
    } finally {
      await maintenance(false);
    }
    // Once it is off, the scheduled request applies.
    expect(await applyNextDue(t.db, new Date(request.at.getTime() + 1000))).toBe(true);
    expect(await enabled('m-scheduled')).toBe(true);
  });
});

describe('in maintenance mode an upload of code references', () => {
  it('is refused and stores nothing', async () => {
    await buildFlag(t.db, { name: 'm-refs', project: 'guarded' });
    await maintenance(true);
    try {
      const upload = await t.admin({
        method: 'PUT',
        url: '/api/admin/projects/guarded/code-references',
        payload: {
          repository: 'acme/app',
          branch: 'main',
          references: [{ flag: 'm-refs', file: 'a.ts', line: 1 }],
        },
      });
      expect(upload.statusCode).toBe(503);
    } finally {
      await maintenance(false);
    }
    expect(await count("SELECT count(*)::int AS n FROM code_references WHERE flag_name = 'm-refs'")).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM code_reference_scans WHERE repository = 'acme/app'"),
    ).toBe(0);
  });
});

describe('in maintenance mode a saved impact-metric chart', () => {
  it('is neither saved, changed nor deleted, on the page or on a flag', async () => {
    await buildFlag(t.db, { name: 'm-chart', project: 'guarded' });
    const chart = { metricName: 'errors', timeRange: 'day', aggregationMode: 'count' };
    const page = '/api/admin/impact-metrics/config';
    const flag = '/api/admin/projects/guarded/features/m-chart/impact-metrics/config';
    const pageChart = (await t.admin({ method: 'POST', url: page, payload: chart })).json().id as string;
    const flagChart = (await t.admin({ method: 'POST', url: flag, payload: chart })).json().id as string;
    const charts = async () =>
      (await t.db.query('SELECT * FROM impact_metric_charts ORDER BY id')).map((row) => JSON.stringify(row));
    const before = await charts();
    await maintenance(true);
    try {
      const writes: { method: 'POST' | 'DELETE'; url: string; payload?: object }[] = [
        { method: 'POST', url: page, payload: chart },
        { method: 'POST', url: page, payload: { ...chart, id: pageChart, timeRange: 'week' } },
        { method: 'DELETE', url: `${page}/${pageChart}` },
        { method: 'POST', url: flag, payload: chart },
        { method: 'POST', url: flag, payload: { ...chart, id: flagChart, timeRange: 'week' } },
        { method: 'DELETE', url: `${flag}/${flagChart}` },
      ];
      for (const write of writes) {
        const response = await t.admin(write);
        expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(503);
      }
    } finally {
      await maintenance(false);
    }
    expect(await charts()).toEqual(before);
  });
});

describe('where change requests are on, no writer writes directly without SKIP_CHANGE_REQUEST', () => {
  it('the Admin API, the state import and an action all refuse a direct write to production', async () => {
    await buildFlag(t.db, {
      name: 'cr-direct',
      project: 'guarded',
      environments: { production: { enabled: false, strategies: [{}] } },
    });
    const route = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/guarded/features/cr-direct/environments/production/on',
    });
    expect(route.statusCode).toBe(403);

    // ADMIN does not imply SKIP_CHANGE_REQUEST (decision record 0007): the import is refused as a whole.
    const imported = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import',
      payload: stateFile('cr-direct', 'production'),
    });
    expect(imported.statusCode, imported.body).toBe(403);
    expect(imported.json().message).toContain('Change requests are on in environment "production"');
    expect(await enabled('cr-direct')).toBe(false);
    // The same file aimed at development, where change requests are off, goes through.
    const development = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import',
      payload: stateFile('cr-direct', 'development'),
    });
    expect(development.statusCode, development.body).toBe(202);
    // drop=true deletes every flag of every project first: refused while any project has change requests on.
    const dropped = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import?drop=true',
      payload: { version: 4, features: [] },
    });
    expect(dropped.statusCode).toBe(403);
    expect(await count("SELECT count(*)::int AS n FROM flags WHERE name = 'cr-direct'")).toBe(1);
  });

  it('a restore to an earlier instant becomes a draft change request, and changes nothing yet', async () => {
    await buildFlag(t.db, {
      name: 'cr-restore',
      project: 'guarded',
      environments: { production: { enabled: true, strategies: [{}] } },
    });
    // Recorded with the next change; then the flag is switched off through an applied change request.
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/guarded/features/cr-restore/environments/development/on',
    });
    const wasOn = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const base = '/api/admin/projects/guarded';
    const drafted = await author.send({
      method: 'POST',
      url: `${base}/environments/production/change-requests`,
      payload: { feature: 'cr-restore', action: 'updateEnabled', payload: { enabled: false } },
    });
    const id = drafted.json().id as number;
    const state = (who: Person, payload: object) =>
      who.send({ method: 'PUT', url: `${base}/change-requests/${id}/state`, payload });
    expect((await state(author, { state: 'In review' })).statusCode).toBe(200);
    expect((await state(reviewer, { state: 'Approved' })).statusCode).toBe(200);
    expect((await state(author, { state: 'Applied' })).statusCode).toBe(200);
    expect(await enabled('cr-restore')).toBe(false);

    const restore = await author.send({
      method: 'POST',
      url: `${base}/features/cr-restore/environments/production/history/restore`,
      payload: { at: wasOn },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json()).toMatchObject({
      outcome: 'change-request',
      changes: [{ action: 'updateEnabled' }],
    });
    expect(await enabled('cr-restore')).toBe(false);
  });
});

describe('experiments: maintenance refuses their writes, change requests do not review them', () => {
  it('refuses to set up, start or stop an experiment in maintenance mode, and lets it through after', async () => {
    const variants = ['control', 'treatment'].map((name) => ({
      name,
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
    }));
    await buildFlag(t.db, {
      name: 'exp-guarded',
      project: 'guarded',
      environments: { production: { enabled: true, strategies: [{}], variants } },
    });
    const base = '/api/admin/projects/guarded/features/exp-guarded/environments/production/experiments';
    const payload = {
      name: 'Guarded',
      controlVariant: 'control',
      metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary' }],
    };
    // An experiment observes who got which variant: nothing SDKs receive changes, so no change request is needed.
    const draft = await t.admin({ method: 'POST', url: base, payload });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as number;
    await maintenance(true);
    try {
      expect((await t.admin({ method: 'POST', url: base, payload })).statusCode).toBe(503);
      expect((await t.admin({ method: 'POST', url: `${base}/${id}/start` })).statusCode).toBe(503);
      expect((await t.admin({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(503);
      expect(
        await count('SELECT count(*)::int AS n FROM experiments WHERE flag_name = $1', ['exp-guarded']),
      ).toBe(1);
      expect(
        await count(
          "SELECT count(*)::int AS n FROM experiments WHERE status = 'running' AND flag_name = $1",
          ['exp-guarded'],
        ),
      ).toBe(0);
    } finally {
      await maintenance(false);
    }
    expect((await t.admin({ method: 'POST', url: `${base}/${id}/start` })).statusCode).toBe(200);
    // A Viewer may read it but not stop it.
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: `${base}/${id}/results` })).statusCode).toBe(200);
    expect((await viewer({ method: 'POST', url: `${base}/${id}/stop` })).statusCode).toBe(403);
  });
});

describe('release plans progressing by themselves', () => {
  it('wait while maintenance mode is on, and progress once it is off', async () => {
    const template = await t.admin({
      method: 'POST',
      url: '/api/admin/release-plan-templates',
      payload: {
        name: 'writers-progression',
        milestones: [
          {
            name: 'Ten',
            sortOrder: 0,
            strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 10 } }],
            transitionCondition: { intervalMinutes: 1 },
          },
          {
            name: 'All',
            sortOrder: 1,
            strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 100 } }],
          },
        ],
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    await buildFlag(t.db, {
      name: 'm-progression',
      project: 'guarded',
      environments: { development: { enabled: false, strategies: [] } },
    });
    const base = '/api/admin/projects/guarded/features/m-progression/environments/development/release-plans';
    const plan = (
      await t.admin({ method: 'POST', url: base, payload: { templateId: template.json().id } })
    ).json();
    const started = await t.admin({
      method: 'POST',
      url: `${base}/${plan.id}/milestones/${plan.milestones[0].id}/start`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const due = new Date(Date.parse(started.json().startedAt) + 2 * 60_000);
    await maintenance(true);
    try {
      expect(await progressNextDue(t.db, due)).toBe(false);
    } finally {
      await maintenance(false);
    }
    expect(await progressNextDue(t.db, due)).toBe(true);
    expect((await t.admin({ url: base })).json()[0].activeMilestoneId).toBe(plan.milestones[1].id);
  });
  it('every plan write is refused in maintenance mode, whichever entry it takes, and changes nothing', async () => {
    const template = await t.admin({
      method: 'POST',
      url: '/api/admin/release-plan-templates',
      payload: {
        name: 'writers-maintenance',
        milestones: [
          {
            name: 'Ten',
            sortOrder: 0,
            strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 10 } }],
          },
          {
            name: 'All',
            sortOrder: 1,
            strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 100 } }],
          },
        ],
      },
    });
    const templateId = template.json().id as string;
    for (const name of ['m-plan', 'm-plan-empty'])
      await buildFlag(t.db, {
        name,
        project: 'guarded',
        environments: { development: { enabled: false, strategies: [] }, production: { enabled: false } },
      });
    const env = '/api/admin/projects/guarded/features/m-plan/environments/development';
    const plan = (
      await t.admin({ method: 'POST', url: `${env}/release-plans`, payload: { templateId } })
    ).json();
    const [ten, all] = plan.milestones.map((m: { id: string }) => m.id) as [string, string];
    expect(
      (await t.admin({ method: 'POST', url: `${env}/release-plans/${plan.id}/milestones/${ten}/start` }))
        .statusCode,
    ).toBe(200);
    // A change request that would start the next milestone in production, approved before maintenance.
    const prod = '/api/admin/projects/guarded/features/m-plan/environments/production';
    const prodPlan = await author.send({
      method: 'POST',
      url: `${prod}/release-plans`,
      payload: { templateId },
    });
    expect(prodPlan.statusCode).toBe(403);
    const added = await author.send({
      method: 'POST',
      url: '/api/admin/projects/guarded/environments/production/change-requests',
      payload: { feature: 'm-plan', action: 'addReleasePlan', payload: { templateId } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const requestId = added.json().id as number;
    const state = (who: Person, to: string) =>
      who.send({
        method: 'PUT',
        url: `/api/admin/projects/guarded/change-requests/${requestId}/state`,
        payload: { state: to },
      });
    expect((await state(author, 'In review')).statusCode).toBe(200);
    expect((await state(reviewer, 'Approved')).statusCode).toBe(200);

    const events = await count('SELECT count(*)::int AS n FROM events');
    const plans = await count('SELECT count(*)::int AS n FROM release_plans');
    await maintenance(true);
    try {
      const writes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
        { method: 'POST', url: '/api/admin/release-plan-templates', payload: { name: 'in-maintenance' } },
        { method: 'DELETE', url: `/api/admin/release-plan-templates/${templateId}` },
        {
          method: 'POST',
          url: '/api/admin/projects/guarded/features/m-plan-empty/environments/development/release-plans',
          payload: { templateId },
        },
        { method: 'POST', url: `${env}/release-plans/${plan.id}/milestones/${all}/start` },
        {
          method: 'PUT',
          url: `${env}/progressions/${ten}`,
          payload: { targetMilestone: all, transitionCondition: { intervalMinutes: 5 } },
        },
        { method: 'POST', url: `${env}/progressions/${plan.id}/pause` },
        { method: 'POST', url: `${env}/progressions/${plan.id}/resume` },
        {
          method: 'PUT',
          url: `${env}/release-plans/${plan.id}/safeguards`,
          payload: {
            impactMetric: {
              metricName: 'errors',
              timeRange: 'hour',
              aggregationMode: 'count',
              labelSelectors: {},
            },
            triggerCondition: { operator: '>', threshold: 5 },
          },
        },
        { method: 'DELETE', url: `${env}/release-plans/${plan.id}` },
      ];
      for (const write of writes) {
        const response = await t.admin(write);
        expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(503);
      }
      // Applying the reviewed change request is refused the same way.
      expect((await state(author, 'Applied')).statusCode).toBe(503);
      // Nothing recorded but the toggle itself.
      expect(await count('SELECT count(*)::int AS n FROM events')).toBe(events + 1);
      expect(await count('SELECT count(*)::int AS n FROM release_plans')).toBe(plans);
    } finally {
      await maintenance(false);
    }
    expect((await state(author, 'Applied')).statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM release_plans')).toBe(plans + 1);
  });
});
