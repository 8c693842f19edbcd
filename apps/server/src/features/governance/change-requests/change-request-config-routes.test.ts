import { afterAll, beforeAll, expect, it } from 'vitest';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let owner: Person;
let skipper: Person;
let skipRole: number;
const config = (environment: string) =>
  `/api/admin/projects/bound/environments/${environment}/change-requests/config`;
const settings = async () =>
  (await t.admin({ method: 'GET', url: '/api/admin/projects/bound/change-requests/config' })).json() as {
    environment: string;
    changeRequestEnabled: boolean;
    requiredApprovals: number | null;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'bound', name: 'Bound' } });
  owner = await signedIn(t, 'bound-owner', 3);
  skipper = await signedIn(t, 'bound-skipper', 3);
  const skip = (skipRole = await projectRole(t, 'Bound skipper', [
    { name: 'PROJECT_CHANGE_REQUEST_WRITE' },
    { name: 'SKIP_CHANGE_REQUEST', environment: 'production' },
  ]));
  await grant(t, 'bound', [owner.id], [4]);
  await grant(t, 'bound', [skipper.id], [skip]);
  const on = await t.admin({
    method: 'PUT',
    url: config('production'),
    payload: { changeRequestsEnabled: true, requiredApprovals: 2 },
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => t?.close());

it('lets an Owner turn change requests on and raise the bar, never lift a rule that binds them', async () => {
  const put = (who: Person, environment: string, payload: object) =>
    who.send({ method: 'PUT', url: config(environment), payload });
  const before = await settings();
  for (const payload of [
    { changeRequestsEnabled: false },
    { changeRequestsEnabled: true, requiredApprovals: 1 },
  ]) {
    const refused = await put(owner, 'production', payload);
    expect({ payload, status: refused.statusCode }).toEqual({ payload, status: 403 });
    expect(refused.json().message).toContain('SKIP_CHANGE_REQUEST');
  }
  expect(await settings()).toEqual(before);

  expect(
    (await put(owner, 'production', { changeRequestsEnabled: true, requiredApprovals: 3 })).statusCode,
  ).toBe(200);
  expect((await put(owner, 'development', { changeRequestsEnabled: true })).statusCode).toBe(200);
  // Off where they are on is a lift too, in any environment.
  expect((await put(owner, 'development', { changeRequestsEnabled: false })).statusCode).toBe(403);

  // Someone they do not bind, and an Admin, may lift them.
  expect(
    (await put(skipper, 'production', { changeRequestsEnabled: true, requiredApprovals: 1 })).statusCode,
  ).toBe(200);
  const off = await t.admin({
    method: 'PUT',
    url: config('development'),
    payload: { changeRequestsEnabled: false },
  });
  expect(off.statusCode).toBe(200);
  const after = await settings();
  expect(after.find((s) => s.environment === 'production')).toMatchObject({ requiredApprovals: 1 });
  expect(after.find((s) => s.environment === 'development')).toMatchObject({ requiredApprovals: null });
});

it('does not let an Owner give anyone, itself included, a role holding what the Owner lacks', async () => {
  const access = () =>
    t.admin({ method: 'GET', url: '/api/admin/projects/bound/access' }).then((response) => response.body);
  const before = await access();
  for (const attempt of [
    {
      method: 'POST' as const,
      url: '/api/admin/projects/bound/access',
      payload: { roles: [skipRole], users: [owner.id], groups: [] },
    },
    {
      method: 'PUT' as const,
      url: `/api/admin/projects/bound/users/${owner.id}/roles`,
      payload: { roles: [4, skipRole] },
    },
    {
      method: 'PUT' as const,
      url: '/api/admin/projects/bound/access',
      payload: { roles: [{ id: skipRole, users: [owner.id], groups: [] }] },
    },
  ]) {
    const refused = await owner.send(attempt);
    expect({ url: attempt.url, status: refused.statusCode }).toEqual({ url: attempt.url, status: 403 });
    expect(refused.json().message).toContain('SKIP_CHANGE_REQUEST');
  }
  expect(await access()).toBe(before);
  // What the Owner holds, it may give.
  const member = await signedIn(t, 'bound-member', 3);
  const given = await owner.send({
    method: 'POST',
    url: '/api/admin/projects/bound/access',
    payload: { roles: [5], users: [member.id], groups: [] },
  });
  expect(given.statusCode, given.body).toBe(200);
});
