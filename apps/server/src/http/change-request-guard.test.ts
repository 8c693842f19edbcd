import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../testing/people.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Every direct write that change requests review is refused where they are on, and only there. */
let t: TestApp;
let member: Person;
let skipper: Person;
let strategyId: string;
let projectSegment: number;
let globalSegment: number;
const P = '/api/admin/projects/guard';
const F = `${P}/features/watched`;

type Write = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const writes = (environment: string): [string, Write][] => [
  ['turn on', { method: 'POST', url: `${F}/environments/${environment}/on` }],
  [
    'turn off in bulk',
    {
      method: 'POST',
      url: `${P}/bulk_features/environments/${environment}/off`,
      payload: { features: ['watched'] },
    },
  ],
  [
    'add a strategy',
    { method: 'POST', url: `${F}/environments/${environment}/strategies`, payload: { name: 'default' } },
  ],
  [
    'update a strategy',
    {
      method: 'PUT',
      url: `${F}/environments/${environment}/strategies/${strategyId}`,
      payload: { name: 'default' },
    },
  ],
  [
    'patch a strategy',
    {
      method: 'PATCH',
      url: `${F}/environments/${environment}/strategies/${strategyId}`,
      payload: [] as unknown as object,
    },
  ],
  [
    'reorder strategies',
    {
      method: 'POST',
      url: `${F}/environments/${environment}/strategies/set-sort-order`,
      payload: [] as unknown as object,
    },
  ],
  [
    'set variants',
    { method: 'PUT', url: `${F}/environments/${environment}/variants`, payload: [] as unknown as object },
  ],
  [
    'set variants in a batch',
    { method: 'PUT', url: `${F}/variants-batch`, payload: { variants: [], environments: [environment] } },
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'guard', name: 'Guard' } });
  await buildFlag(t.db, {
    name: 'watched',
    project: 'guard',
    environments: {
      production: { enabled: false, strategies: [{ name: 'default' }] },
      development: { enabled: false },
    },
  });
  const [row] = await t.db.query<{ id: string }>(
    `SELECT id FROM flag_strategies WHERE flag_name = 'watched' AND environment_name = 'production'`,
  );
  strategyId = row!.id;
  const skip = await projectRole(t, 'Skip production', [
    { name: 'SKIP_CHANGE_REQUEST', environment: 'production' },
  ]);
  member = await signedIn(t, 'member', 2);
  skipper = await signedIn(t, 'skipper', 2);
  await grant(t, 'guard', [member.id, skipper.id], [4]);
  await grant(t, 'guard', [skipper.id], [skip]);
  const segment = async (name: string, project?: string) =>
    (
      await t.admin({
        method: 'POST',
        url: '/api/admin/segments',
        payload: { name, project, constraints: [] },
      })
    ).json().id as number;
  projectSegment = await segment('guard-segment', 'guard');
  globalSegment = await segment('everyone-segment');
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/production/change-requests/config`,
    payload: { changeRequestsEnabled: true },
  });
});
afterAll(() => t.close());

describe('the direct-write guard', () => {
  it('refuses each environment write in production with SKIP_CHANGE_REQUEST named', async () => {
    for (const [what, write] of writes('production')) {
      const response = await member.send(write);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
      expect(response.json().permissions, what).toEqual(['SKIP_CHANGE_REQUEST']);
    }
  });

  it('lets the same writes through in development, and in production with SKIP_CHANGE_REQUEST', async () => {
    for (const [what, write] of writes('development').filter(([w]) => !w.includes('strateg'))) {
      expect((await member.send(write)).statusCode, what).toBeLessThan(300);
    }
    for (const [what, write] of writes('production')) {
      expect((await skipper.send(write)).statusCode, what).not.toBe(403);
    }
  });

  it('reviews project-wide writes when any environment has change requests: archive and dependencies', async () => {
    const archive = await member.send({
      method: 'POST',
      url: `${P}/archive`,
      payload: { features: ['watched'] },
    });
    expect(archive.statusCode).toBe(403);
    const dependency = await member.send({ method: 'DELETE', url: `${F}/dependencies` });
    expect(dependency.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);
  });

  it('reviews project segments, not global ones', async () => {
    const body = { name: 'guard-segment', project: 'guard', constraints: [] };
    expect(
      (await member.send({ method: 'PUT', url: `/api/admin/segments/${projectSegment}`, payload: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (await skipper.send({ method: 'PUT', url: `/api/admin/segments/${projectSegment}`, payload: body }))
        .statusCode,
    ).toBe(204);
    const global = { name: 'everyone-segment', constraints: [] };
    expect(
      (await member.send({ method: 'PUT', url: `/api/admin/segments/${globalSegment}`, payload: global }))
        .statusCode,
    ).toBe(204);
  });

  it('stops guarding once change requests are off', async () => {
    await t.admin({
      method: 'PUT',
      url: `${P}/environments/production/change-requests/config`,
      payload: { changeRequestsEnabled: false },
    });
    expect((await member.send({ method: 'POST', url: `${F}/environments/production/on` })).statusCode).toBe(
      200,
    );
  });
});
