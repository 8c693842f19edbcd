import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { grant, type Person, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// The overview across projects (GET /api/admin/search/change-requests) and who may approve, per environment.
let t: TestApp;
let ada: Person;
let bob: Person;
let carl: Person;
const ids: Record<string, number> = {};
/** The Admin user a fresh installation starts with. */
const ADMIN_USER = 1;

const P = (project: string) => `/api/admin/projects/${project}`;
async function request(
  who: Person,
  project: string,
  flag: string,
  states: string[],
  reviewers: number[] = [],
) {
  expect(
    (await t.admin({ method: 'POST', url: `${P(project)}/features`, payload: { name: flag } })).statusCode,
  ).toBe(201);
  const drafted = await who.send({
    method: 'POST',
    url: `${P(project)}/environments/production/change-requests`,
    payload: { feature: flag, action: 'updateEnabled', payload: { enabled: true } },
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  const id: number = drafted.json().id;
  if (reviewers.length) {
    const asked = await who.send({
      method: 'PUT',
      url: `${P(project)}/change-requests/${id}/approvers`,
      payload: { reviewers },
    });
    expect(asked.statusCode, asked.body).toBe(204);
  }
  for (const state of states) {
    const moved = await who.send({
      method: 'PUT',
      url: `${P(project)}/change-requests/${id}/state`,
      payload: { state },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  ids[flag] = id;
}

type Item = { id: number; project: string; state: string; features: string[]; createdBy: { id: number } };
async function search(who: Person, query: string): Promise<{ flags: string[]; total: number }> {
  const response = await who.send({ method: 'GET', url: `/api/admin/search/change-requests?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { changeRequests: Item[]; total: number };
  return { flags: body.changeRequests.flatMap((r) => r.features), total: body.total };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const payload of [
    { id: 'north', name: 'North' },
    { id: 'south', name: 'South' },
    { id: 'vault', name: 'Vault', mode: 'private' },
  ]) {
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects', payload })).statusCode).toBeLessThan(
      300,
    );
    const config = await t.admin({
      method: 'PUT',
      url: `${P(payload.id)}/environments/production/change-requests/config`,
      payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
    });
    expect(config.statusCode, config.body).toBe(200);
  }
  ada = await signedIn(t, 'ada', ROLE_IDS.Editor);
  bob = await signedIn(t, 'bob', ROLE_IDS.Editor);
  carl = await signedIn(t, 'carl', ROLE_IDS.Viewer);
  for (const project of ['north', 'south', 'vault']) await grant(t, project, [ada.id], [ROLE_IDS.Member]);
  for (const project of ['north', 'south']) await grant(t, project, [bob.id], [ROLE_IDS.Owner]);

  // Oldest first, so newest first reads the other way round.
  await request(ada, 'north', 'ada-north', ['In review'], [bob.id]);
  await request(ada, 'south', 'ada-south', ['In review']);
  await request(ada, 'vault', 'ada-vault', ['In review']);
  await request(ada, 'north', 'ada-draft', []);
  await request(bob, 'north', 'bob-open', ['In review']);
  await request(bob, 'south', 'bob-cancelled', ['In review', 'Cancelled']);
});
afterAll(() => t.close());

describe('the change requests overview', () => {
  it('finds what a user created, newest first, leaving out private projects the caller is not in and others’ drafts', async () => {
    expect(await search(bob, `createdBy=IS:${ada.id}`)).toEqual({
      flags: ['ada-south', 'ada-north'],
      total: 2,
    });
    expect(await search(ada, `createdBy=IS:${ada.id}`)).toEqual({
      flags: ['ada-draft', 'ada-vault', 'ada-south', 'ada-north'],
      total: 4,
    });
    expect((await search(carl, `createdBy=IS:${ada.id}`)).flags).not.toContain('ada-vault');
  });

  it('finds the requests a user was asked to review', async () => {
    expect(await search(bob, `requestedApproverId=IS:${bob.id}`)).toEqual({ flags: ['ada-north'], total: 1 });
    expect(await search(bob, `requestedApproverId=IS:${ada.id}`)).toEqual({ flags: [], total: 0 });
  });

  it('filters by open, closed or one state, and combines the filters', async () => {
    expect((await search(bob, `createdBy=IS:${bob.id}&state=IS:open`)).flags).toEqual(['bob-open']);
    expect((await search(bob, `createdBy=IS:${bob.id}&state=IS:closed`)).flags).toEqual(['bob-cancelled']);
    expect((await search(bob, 'state=IS:Cancelled')).flags).toEqual(['bob-cancelled']);
    expect((await search(ada, 'state=IS:Draft')).flags).toEqual(['ada-draft']);
    expect((await search(bob, 'state=IS:Draft')).flags).toEqual([]);
    expect(
      (await search(bob, `createdBy=IS:${ada.id}&requestedApproverId=IS:${bob.id}&state=IS:open`)).flags,
    ).toEqual(['ada-north']);
  });

  it('pages with offset and limit, total counting every match', async () => {
    expect(await search(ada, `createdBy=IS:${ada.id}&limit=2`)).toEqual({
      flags: ['ada-draft', 'ada-vault'],
      total: 4,
    });
    expect(await search(ada, `createdBy=IS:${ada.id}&limit=2&offset=2`)).toEqual({
      flags: ['ada-south', 'ada-north'],
      total: 4,
    });
  });

  it('answers each item as Unleash does', async () => {
    const response = await bob.send({
      method: 'GET',
      url: `/api/admin/search/change-requests?state=IS:open`,
    });
    const item = (response.json().changeRequests as Item[]).find((r) => r.id === ids['ada-north'])!;
    expect(item).toMatchObject({
      id: ids['ada-north'],
      project: 'north',
      environment: 'production',
      state: 'In review',
      features: ['ada-north'],
      segments: [],
      createdBy: { id: ada.id, username: 'ada' },
    });
    expect(Date.parse((item as unknown as { createdAt: string }).createdAt)).not.toBeNaN();
  });

  it('refuses a filter it does not understand, naming it', async () => {
    for (const [query, field] of [
      ['state=IS:nope', '/querystring/state'],
      ['createdBy=ada', '/querystring/createdBy'],
      ['limit=0', '/querystring/limit'],
    ]) {
      const response = await bob.send({ method: 'GET', url: `/api/admin/search/change-requests?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].path, query).toBe(field);
    }
  });
});

describe('who may approve in each environment of a project', () => {
  type Env = { environment: string; changeRequestsEnabled: boolean; approvers: { id: number }[] };
  it('names the approvers per environment and who can give someone that right', async () => {
    const response = await ada.send({ method: 'GET', url: `${P('north')}/change-requests/approvers` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { environments: Env[]; grantors: { id: number }[] };
    const production = body.environments.find((e) => e.environment === 'production')!;
    expect(production.changeRequestsEnabled).toBe(true);
    expect(production.approvers.map((a) => a.id)).toEqual([ADMIN_USER, bob.id]);
    expect(body.environments.find((e) => e.environment === 'development')).toMatchObject({
      changeRequestsEnabled: false,
    });
    expect(body.grantors.map((g) => g.id)).toEqual([ADMIN_USER, bob.id]);
  });

  it('hides a private project from someone outside it', async () => {
    const response = await bob.send({ method: 'GET', url: `${P('vault')}/change-requests/approvers` });
    expect(response.statusCode).toBe(404);
  });
});
