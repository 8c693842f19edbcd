import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGNAL_ENDPOINT_RATE_LIMIT_PER_SECOND: '100',
    SIGNAL_POLL_INTERVAL_MS: '200',
    SIGNAL_ENDPOINTS_LIMIT: '20',
  });
}, 300_000);
afterAll(() => t.close());

let count = 0;
async function serviceAccount(rootRole: number): Promise<number> {
  count += 1;
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username: `bot-${count}`, name: `Bot ${count}`, rootRole },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function endpoint(name: string) {
  const created = await t.admin({ method: 'POST', url: '/api/admin/signal-endpoints', payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const token = await t.admin({
    method: 'POST',
    url: `/api/admin/signal-endpoints/${id}/tokens`,
    payload: { name: 'monitor' },
  });
  return { id, secret: token.json().token as string };
}

async function actionSet(body: Record<string, unknown>) {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/projects/default/actions',
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const signal = async (name: string, secret: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/signal-endpoint/${name}`,
    headers: { authorization: `Bearer ${secret}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id as number;
};

const enabled = async (flag: string, environment = 'production') =>
  (
    await t.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM flag_environments WHERE flag_name = $1 AND environment_name = $2',
      [flag, environment],
    )
  )[0]?.enabled;

/** Waits until a process has acted on the signal (the product promises within 5 s). */
const processed = (id: number) =>
  expect
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

const turnOff = (flag: string) => ({
  action: 'TOGGLE_FEATURE_OFF',
  sortOrder: 1,
  executionParams: { project: 'default', environment: 'production', featureName: flag },
});

describe('action sets', () => {
  it('turns a flag off when a matching signal arrives, as the service account, and logs it', async () => {
    await buildFlag(t.db, {
      name: 'checkout',
      environments: { production: { enabled: true, strategies: [{}] } },
    });
    const bot = await serviceAccount(1);
    const source = await endpoint('alerts-a');
    const set = await actionSet({
      name: 'Stop checkout',
      actorId: bot,
      match: {
        source: 'signal-endpoint',
        sourceId: source.id,
        payload: {
          status: { operator: 'IN', values: ['firing'] },
          'labels.severity': { operator: 'STR_STARTS_WITH', values: ['CRIT'], caseInsensitive: true },
        },
      },
      actions: [turnOff('checkout')],
    });
    expect(set).toMatchObject({
      project: 'default',
      enabled: true,
      actions: [{ action: 'TOGGLE_FEATURE_OFF' }],
    });

    const id = await signal('alerts-a', source.secret, {
      status: 'firing',
      labels: { severity: 'critical' },
    });
    await processed(id);
    expect(await enabled('checkout')).toBe(false);
    const [event] = await t.db.query<{ created_by: string; created_by_user_id: number }>(
      "SELECT created_by, created_by_user_id FROM events WHERE type = 'feature-environment-disabled' AND feature_name = 'checkout'",
    );
    expect(event).toEqual({ created_by: 'bot-1', created_by_user_id: bot });
    const log = await t.admin({ method: 'GET', url: `/api/admin/projects/default/actions/${set.id}/events` });
    expect(log.json().actionSetEvents).toEqual([
      expect.objectContaining({
        signalId: id,
        state: 'success',
        actionSet: expect.objectContaining({ actions: [expect.objectContaining({ state: 'success' })] }),
      }),
    ]);
  });

  it('does nothing for a signal that does not match the filters', async () => {
    await buildFlag(t.db, {
      name: 'search',
      environments: { production: { enabled: true, strategies: [{}] } },
    });
    const bot = await serviceAccount(1);
    const source = await endpoint('alerts-b');
    const set = await actionSet({
      name: 'Stop search',
      actorId: bot,
      match: {
        source: 'signal-endpoint',
        sourceId: source.id,
        payload: { status: { operator: 'IN', values: ['firing'] } },
      },
      actions: [turnOff('search')],
    });
    const id = await signal('alerts-b', source.secret, { status: 'resolved' });
    await processed(id);
    expect(await enabled('search')).toBe(true);
    const log = await t.admin({ method: 'GET', url: `/api/admin/projects/default/actions/${set.id}/events` });
    expect(log.json().actionSetEvents).toEqual([]);
  });

  it('logs a failure and changes nothing when the service account lacks the permission', async () => {
    await buildFlag(t.db, {
      name: 'payments',
      environments: { production: { enabled: true, strategies: [{}] } },
    });
    const viewer = await serviceAccount(3);
    const source = await endpoint('alerts-c');
    const set = await actionSet({
      name: 'Stop payments',
      actorId: viewer,
      match: { source: 'signal-endpoint', sourceId: source.id, payload: {} },
      actions: [turnOff('payments'), { ...turnOff('payments'), sortOrder: 2 }],
    });
    const id = await signal('alerts-c', source.secret, {});
    await processed(id);
    expect(await enabled('payments')).toBe(true);
    const log = await t.admin({ method: 'GET', url: `/api/admin/projects/default/actions/${set.id}/events` });
    const [entry] = log.json().actionSetEvents;
    expect(entry.state).toBe('failed');
    expect(entry.actionSet.actions.map((a: { state: string }) => a.state)).toEqual(['failed', 'not started']);
    expect(entry.actionSet.actions[0].details).toMatch(/lacks UPDATE_FEATURE_ENVIRONMENT/);
  });

  it('obeys change requests: without SKIP_CHANGE_REQUEST an action fails where they are on', async () => {
    await buildFlag(t.db, {
      name: 'reviewed',
      environments: { development: { enabled: true, strategies: [{}] } },
    });
    await t.db.query(
      "INSERT INTO change_request_settings (project, environment, required_approvals) VALUES ('default', 'development', 1)",
    );
    const bot = await serviceAccount(1);
    const source = await endpoint('alerts-d');
    const set = await actionSet({
      name: 'Stop reviewed',
      actorId: bot,
      match: { source: 'signal-endpoint', sourceId: source.id, payload: {} },
      actions: [
        { ...turnOff('reviewed'), executionParams: { environment: 'development', featureName: 'reviewed' } },
      ],
    });
    const id = await signal('alerts-d', source.secret, {});
    await processed(id);
    expect(await enabled('reviewed', 'development')).toBe(true);
    const log = await t.admin({ method: 'GET', url: `/api/admin/projects/default/actions/${set.id}/events` });
    expect(log.json().actionSetEvents[0].actionSet.actions[0].details).toMatch(/Change requests are on/);
  });

  it('turns every flag with a tag on', async () => {
    for (const name of ['tagged-1', 'tagged-2'])
      await buildFlag(t.db, {
        name,
        environments: { production: { enabled: false, strategies: [{}] } },
        tags: [{ type: 'simple', value: 'kill-switch' }],
      });
    await buildFlag(t.db, {
      name: 'untagged',
      environments: { production: { enabled: false, strategies: [{}] } },
    });
    const source = await endpoint('alerts-e');
    await actionSet({
      name: 'Resume',
      actorId: await serviceAccount(1),
      match: { source: 'signal-endpoint', sourceId: source.id, payload: {} },
      actions: [
        {
          action: 'TOGGLE_FEATURES_ON_BY_TAG',
          sortOrder: 1,
          executionParams: { environment: 'production', tag: 'simple:kill-switch' },
        },
      ],
    });
    await processed(await signal('alerts-e', source.secret, {}));
    expect([await enabled('tagged-1'), await enabled('tagged-2'), await enabled('untagged')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('refuses an actor that is not a service account and an unknown operator, naming the field', async () => {
    // Its own project: default already holds the most action sets a project may have.
    await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'rules', name: 'Rules' } });
    const source = await endpoint('alerts-f');
    const base = {
      name: 'Bad',
      actorId: 1,
      match: { source: 'signal-endpoint', sourceId: source.id, payload: {} },
      actions: [turnOff('checkout')],
    };
    const human = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/rules/actions',
      payload: base,
    });
    expect(human.statusCode).toBe(400);
    expect(human.json().details[0].path).toBe('/body/actorId');
    const operator = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/rules/actions',
      payload: {
        ...base,
        actorId: await serviceAccount(1),
        match: { ...base.match, payload: { status: { operator: 'LIKE', values: ['x'] } } },
      },
    });
    expect(operator.statusCode).toBe(400);
    expect(operator.json().details[0].path).toBe('/body/match/payload/status/operator');
  });
});
