import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { grant, type Person, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// The rest of Unleash's change-request surface (issue 31): approvals per environment, and what open requests would
// change shown in flag search and segment usage.
let t: TestApp;
let author: Person;
let first: Person;
let second: Person;
const P = '/api/admin/projects/surface';
const CR = `${P}/change-requests`;

const flag = async (name: string) =>
  expect((await t.admin({ method: 'POST', url: `${P}/features`, payload: { name } })).statusCode).toBe(201);
const draft = (who: Person, environment: string, payload: object) =>
  who.send({ method: 'POST', url: `${P}/environments/${environment}/change-requests`, payload });
const setState = (who: Person, id: number, state: string) =>
  who.send({ method: 'PUT', url: `${CR}/${id}/state`, payload: { state } });
const environment = async (name: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/environments/${name}` })).json() as {
    requiredApprovals: number | null;
  };
const projectSettings = async (project: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/projects/${project}/change-requests/config` })).json() as {
    environment: string;
    requiredApprovals: number | null;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'surface', name: 'Surface' } });
  author = await signedIn(t, 'surface-author');
  first = await signedIn(t, 'surface-first');
  second = await signedIn(t, 'surface-second');
  await grant(t, 'surface', [author.id], [ROLE_IDS.Member]);
  await grant(t, 'surface', [first.id, second.id], [ROLE_IDS.Owner]);
});
afterAll(() => t?.close());

describe('requiredApprovals of an environment', () => {
  it('is set on create, update and clone, checked, and answered', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/environments',
      payload: { name: 'audited', type: 'production', requiredApprovals: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().requiredApprovals).toBe(3);

    for (const requiredApprovals of [0, 11, 1.5, 'two']) {
      const refused = await t.admin({
        method: 'PUT',
        url: '/api/admin/environments/update/audited',
        payload: { type: 'production', requiredApprovals },
      });
      expect({ requiredApprovals, status: refused.statusCode }).toEqual({ requiredApprovals, status: 400 });
      expect(refused.body).toContain('requiredApprovals');
    }
    const kept = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/audited',
      payload: { type: 'preproduction' },
    });
    expect(kept.json()).toMatchObject({ type: 'preproduction', requiredApprovals: 3 });
    const changed = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/audited',
      payload: { type: 'production', requiredApprovals: 2 },
    });
    expect(changed.json().requiredApprovals).toBe(2);

    const copy = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/audited/clone',
      payload: { name: 'audited-copy', type: 'production', projects: [] },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().requiredApprovals).toBe(2);
    const own = await t.admin({
      method: 'POST',
      url: '/api/admin/environments/audited/clone',
      payload: { name: 'audited-own', type: 'production', projects: [], requiredApprovals: 5 },
    });
    expect(own.json().requiredApprovals).toBe(5);

    const cleared = await t.admin({
      method: 'PUT',
      url: '/api/admin/environments/update/audited-own',
      payload: { type: 'production', requiredApprovals: null },
    });
    expect(cleared.json().requiredApprovals).toBeNull();
    expect((await environment('audited')).requiredApprovals).toBe(2);
  });

  it("is the approvals a project's change requests need there unless the project says how many", async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/environments',
      payload: { name: 'guarded', type: 'production', requiredApprovals: 4 },
    });
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: {
        id: 'defaults',
        name: 'Defaults',
        environments: ['guarded', 'development'],
        changeRequestEnvironments: [{ name: 'guarded' }, { name: 'development', requiredApprovals: 2 }],
      },
    });
    const approvals = Object.fromEntries(
      (await projectSettings('defaults')).map((s) => [s.environment, s.requiredApprovals]),
    );
    expect(approvals).toEqual({ guarded: 4, development: 2 });

    await t.admin({ method: 'POST', url: `${P}/environments`, payload: { environment: 'guarded' } });
    const on = await t.admin({
      method: 'PUT',
      url: `${P}/environments/guarded/change-requests/config`,
      payload: { changeRequestsEnabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const asked = await t.admin({
      method: 'PUT',
      url: `${P}/environments/guarded/change-requests/config`,
      payload: { changeRequestsEnabled: true, requiredApprovals: 5 },
    });
    expect(asked.statusCode).toBe(200);
    expect(
      (await projectSettings('surface')).find((s) => s.environment === 'guarded')?.requiredApprovals,
    ).toBe(5);
  });
});

describe('approval counting', () => {
  beforeAll(async () => {
    const on = await t.admin({
      method: 'PUT',
      url: `${P}/environments/production/change-requests/config`,
      payload: { changeRequestsEnabled: true, requiredApprovals: 2 },
    });
    expect(on.statusCode).toBe(200);
  });

  it('needs that many distinct approvers, the author never among them', async () => {
    await flag('two-approvals');
    const drafted = await draft(author, 'production', {
      feature: 'two-approvals',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    const id = drafted.json().id as number;
    expect(drafted.json().minApprovals).toBe(2);
    expect((await setState(author, id, 'In review')).statusCode).toBe(200);
    expect((await setState(author, id, 'Approved')).statusCode).toBe(403);

    const once = await setState(first, id, 'Approved');
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ state: 'In review', minApprovals: 2 });
    // The same person approving again is still one approval.
    expect((await setState(first, id, 'Approved')).json().state).toBe('In review');
    expect((await setState(first, id, 'Applied')).statusCode).toBe(400);

    const twice = await setState(second, id, 'Approved');
    expect(twice.json().state).toBe('Approved');
    expect(twice.json().approvals).toHaveLength(2);
    expect((await setState(first, id, 'Applied')).json().state).toBe('Applied');
  });
});

describe('what open change requests would change', () => {
  it('lists their ids in flag search, per environment, drafts left out', async () => {
    await flag('searched');
    const add = { feature: 'searched', action: 'updateEnabled', payload: { enabled: true } };
    const mine = (await draft(author, 'production', add)).json().id as number;
    const search = async () => {
      const found = await t.admin({ method: 'GET', url: '/api/admin/search/features?query=searched' });
      expect(found.statusCode, found.body).toBe(200);
      const [feature] = found.json().features as {
        environments: { name: string; changeRequestIds: number[] }[];
      }[];
      return Object.fromEntries(feature!.environments.map((e) => [e.name, e.changeRequestIds]));
    };
    expect((await search()).production).toEqual([]);
    await setState(author, mine, 'In review');
    expect(await search()).toMatchObject({ production: [mine], development: [] });
    await setState(author, mine, 'Cancelled');
    expect((await search()).production).toEqual([]);
  });

  it("lists the strategies they would give a segment in the segment's usage", async () => {
    await flag('segmented');
    const segment = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'surface-beta', constraints: [] },
    });
    const segmentId = segment.json().id as number;
    const added = await draft(author, 'production', {
      feature: 'segmented',
      action: 'addStrategy',
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '50' },
        constraints: [],
        segments: [segmentId],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const usage = async () =>
      (await t.admin({ method: 'GET', url: `/api/admin/segments/${segmentId}/strategies` })).json();
    expect((await usage()).changeRequestStrategies).toEqual([]);
    await setState(author, id, 'In review');
    expect(await usage()).toEqual({
      strategies: [],
      changeRequestStrategies: [
        {
          projectId: 'surface',
          featureName: 'segmented',
          strategyName: 'flexibleRollout',
          environment: 'production',
        },
      ],
    });
    await setState(author, id, 'Cancelled');
    expect((await usage()).changeRequestStrategies).toEqual([]);
  });
});
