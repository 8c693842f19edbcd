import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * Each change action, applied through a change request, leaves exactly what the direct write leaves and records the
 * same events: two identical flags (or segments), one changed directly by someone allowed to skip review, the other
 * through a reviewed and applied request.
 */
let t: TestApp;
let author: Person;
let reviewer: Person;
const P = '/api/admin/projects/parity';
const PROD = 'production';

type Case = {
  action: string;
  /** The strategies the flags start with in production. */
  start?: {
    enabled: boolean;
    strategies?: { name: string; parameters?: Record<string, string> }[];
    variants?: unknown[];
  };
  direct(
    flag: string,
    strategyIds: string[],
  ): { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
  payload?(strategyIds: string[]): object;
};

const variants = [
  { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default' },
  { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default' },
];
const twoStrategies = {
  enabled: true,
  strategies: [{ name: 'default' }, { name: 'userWithId', parameters: { userIds: '1,2' } }],
};

const CASES: Case[] = [
  {
    action: 'updateEnabled',
    direct: (flag) => ({ method: 'POST', url: `${P}/features/${flag}/environments/${PROD}/on` }),
    payload: () => ({ enabled: true }),
  },
  {
    action: 'addStrategy',
    direct: (flag) => ({
      method: 'POST',
      url: `${P}/features/${flag}/environments/${PROD}/strategies`,
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '30', stickiness: 'default', groupId: 'g' },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
      },
    }),
    payload: () => ({
      name: 'flexibleRollout',
      parameters: { rollout: '30', stickiness: 'default', groupId: 'g' },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
    }),
  },
  {
    action: 'updateStrategy',
    start: twoStrategies,
    direct: (flag, ids) => ({
      method: 'PUT',
      url: `${P}/features/${flag}/environments/${PROD}/strategies/${ids[1]}`,
      payload: { name: 'userWithId', parameters: { userIds: '3' }, title: 'Testers' },
    }),
    payload: (ids) => ({ id: ids[1], name: 'userWithId', parameters: { userIds: '3' }, title: 'Testers' }),
  },
  {
    action: 'deleteStrategy',
    start: twoStrategies,
    direct: (flag, ids) => ({
      method: 'DELETE',
      url: `${P}/features/${flag}/environments/${PROD}/strategies/${ids[0]}`,
    }),
    payload: (ids) => ({ id: ids[0] }),
  },
  {
    action: 'reorderStrategy',
    start: twoStrategies,
    direct: (flag, ids) => ({
      method: 'POST',
      url: `${P}/features/${flag}/environments/${PROD}/strategies/set-sort-order`,
      payload: [
        { id: ids[1], sortOrder: 0 },
        { id: ids[0], sortOrder: 1 },
      ],
    }),
    payload: (ids) => [
      { id: ids[1], sortOrder: 0 },
      { id: ids[0], sortOrder: 1 },
    ],
  },
  {
    action: 'patchVariant',
    start: { enabled: true, strategies: [{ name: 'default' }] },
    direct: (flag) => ({
      method: 'PUT',
      url: `${P}/features/${flag}/environments/${PROD}/variants`,
      payload: variants,
    }),
    payload: () => ({ variants }),
  },
  {
    action: 'archiveFeature',
    direct: (flag) => ({ method: 'DELETE', url: `${P}/features/${flag}` }),
  },
  {
    action: 'addDependency',
    direct: (flag) => ({
      method: 'POST',
      url: `${P}/features/${flag}/dependencies`,
      payload: { feature: 'parent', enabled: true },
    }),
    payload: () => ({ feature: 'parent', enabled: true }),
  },
];

/** Everything a flag is, with its own name, ids and times taken out. */
async function stateOf(flag: string) {
  const response = await t.admin({ method: 'GET', url: `${P}/features/${flag}` });
  const archived = response.statusCode === 404;
  const body = archived ? {} : response.json();
  return normalize({ archived, environments: body.environments, dependencies: body.dependencies }, flag);
}
async function eventsOf(flag: string) {
  const rows = await t.db.query<{
    type: string;
    environment: string | null;
    data: unknown;
    pre_data: unknown;
  }>(
    `SELECT type, environment, data, pre_data FROM events WHERE feature_name = $1 AND type <> 'feature-created'
      AND type NOT LIKE 'change%' ORDER BY id`,
    [flag],
  );
  return normalize(rows, flag);
}
function normalize(value: unknown, name: string) {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(name, 'FLAG')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
      .replace(/"(createdAt|lastSeenAt|changedAt|enteredStageAt)":"[^"]*"/g, '"$1":"T"'),
  );
}
const strategyIds = async (flag: string) =>
  (
    await t.db.query<{ id: string }>(
      `SELECT id FROM flag_strategies WHERE flag_name = $1 AND environment_name = $2 ORDER BY sort_order`,
      [flag, PROD],
    )
  ).map((row) => row.id);

async function throughChangeRequest(changes: object) {
  const drafted = await author.send({
    method: 'POST',
    url: `${P}/environments/${PROD}/change-requests`,
    payload: changes,
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  const id = drafted.json().id;
  const url = `${P}/change-requests/${id}/state`;
  expect((await author.send({ method: 'PUT', url, payload: { state: 'In review' } })).statusCode).toBe(200);
  expect((await reviewer.send({ method: 'PUT', url, payload: { state: 'Approved' } })).statusCode).toBe(200);
  const applied = await author.send({ method: 'PUT', url, payload: { state: 'Applied' } });
  expect(applied.statusCode, applied.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'parity', name: 'Parity' } });
  const reviews = await projectRole(t, 'Reviews production', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: PROD },
    { name: 'APPLY_CHANGE_REQUEST', environment: PROD },
    { name: 'SKIP_CHANGE_REQUEST', environment: PROD },
  ]);
  author = await signedIn(t, 'author', 2);
  reviewer = await signedIn(t, 'reviewer');
  await grant(t, 'parity', [author.id, reviewer.id], [4, reviews]);
  await buildFlag(t.db, {
    name: 'parent',
    project: 'parity',
    environments: { production: { enabled: true } },
  });
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/${PROD}/change-requests/config`,
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
});
afterAll(() => t.close());

describe('each change action applies through the direct write’s own code', () => {
  for (const c of CASES) {
    it(`${c.action}: same flag, same events`, async () => {
      const start = c.start ?? { enabled: false };
      for (const name of [`${c.action}-direct`, `${c.action}-reviewed`]) {
        await buildFlag(t.db, {
          name,
          project: 'parity',
          environments: { production: start as never, development: { enabled: false } },
        });
      }
      const direct = await author.send(
        c.direct(`${c.action}-direct`, await strategyIds(`${c.action}-direct`)),
      );
      expect(direct.statusCode, direct.body).toBeLessThan(300);
      const ids = await strategyIds(`${c.action}-reviewed`);
      await throughChangeRequest({
        feature: `${c.action}-reviewed`,
        action: c.action,
        ...(c.payload ? { payload: c.payload(ids) } : {}),
      });
      expect(await stateOf(`${c.action}-reviewed`)).toEqual(await stateOf(`${c.action}-direct`));
      const events = await eventsOf(`${c.action}-reviewed`);
      expect(events.length).toBeGreaterThan(0);
      expect(events).toEqual(await eventsOf(`${c.action}-direct`));
    });
  }

  it('deleteDependency: same flag, same events', async () => {
    for (const name of ['child-direct', 'child-reviewed']) {
      await buildFlag(t.db, { name, project: 'parity', environments: { production: { enabled: false } } });
      await author.send({
        method: 'POST',
        url: `${P}/features/${name}/dependencies`,
        payload: { feature: 'parent' },
      });
    }
    expect(
      (await author.send({ method: 'DELETE', url: `${P}/features/child-direct/dependencies` })).statusCode,
    ).toBe(200);
    await throughChangeRequest({ feature: 'child-reviewed', action: 'deleteDependency' });
    expect(await stateOf('child-reviewed')).toEqual(await stateOf('child-direct'));
    expect(await eventsOf('child-reviewed')).toEqual(await eventsOf('child-direct'));
  });

  it('updateSegment and deleteSegment: same segment, same events', async () => {
    const segment = async (name: string) =>
      (
        await t.admin({
          method: 'POST',
          url: '/api/admin/segments',
          payload: {
            name,
            project: 'parity',
            constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
          },
        })
      ).json().id as number;
    const segmentEvents = async (id: number, name: string) =>
      normalize(
        (
          await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
            `SELECT type, data, pre_data FROM events WHERE type LIKE 'segment-%' AND type <> 'segment-created'
              AND (data->>'id' = $1 OR pre_data->>'id' = $1) ORDER BY id`,
            [String(id)],
          )
        ).map((e) => JSON.parse(JSON.stringify(e).replaceAll(`"id":${id}`, '"id":0'))),
        name,
      );
    const [a, b] = [await segment('seg-direct'), await segment('seg-reviewed')];
    const update = {
      description: 'beta',
      project: 'parity',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['2'] }],
    };
    const refused = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${a}`,
      payload: { name: 'seg-direct', ...update },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await author.send({
          method: 'PUT',
          url: `/api/admin/segments/${a}`,
          payload: { name: 'seg-direct', ...update },
        })
      ).statusCode,
    ).toBe(204);
    await throughChangeRequest({
      action: 'updateSegment',
      payload: { id: b, name: 'seg-reviewed', ...update },
    });
    const shown = async (id: number, name: string) =>
      normalize(
        { ...((await t.admin({ method: 'GET', url: `/api/admin/segments/${id}` })).json() as object), id: 0 },
        name,
      );
    expect(await shown(b, 'seg-reviewed')).toEqual(await shown(a, 'seg-direct'));
    expect(await segmentEvents(b, 'seg-reviewed')).toEqual(await segmentEvents(a, 'seg-direct'));

    expect((await author.send({ method: 'DELETE', url: `/api/admin/segments/${a}` })).statusCode).toBe(204);
    await throughChangeRequest({ action: 'deleteSegment', payload: { id: b } });
    expect((await t.admin({ method: 'GET', url: `/api/admin/segments/${b}` })).statusCode).toBe(404);
    expect(await segmentEvents(b, 'seg-reviewed')).toEqual(await segmentEvents(a, 'seg-direct'));
  });
});
