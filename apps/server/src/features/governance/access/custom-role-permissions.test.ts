import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, projectRole, rootRole, type Send, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * A custom role holding one permission may do what Unleash guards with it, and nothing next to it (decision record
 * 0025). Each person here holds a custom root role with that permission alone, or a Viewer with a custom project role.
 */
let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  for (const id of ['settings-a', 'settings-b']) {
    const response = await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

/** A signed-in person whose only root role is a custom one holding these permissions. */
async function holding(...permissions: string[]): Promise<Send> {
  n += 1;
  const role = await rootRole(t, `only ${permissions.join(' ')} ${n}`, permissions);
  return (await signedIn(t, `holder-${n}`, role)).send;
}

/** An API token made by the admin token, for the others to act on; scoped to `default` unless told. */
async function token(type: string, projects = ['default']): Promise<string> {
  n += 1;
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: { tokenName: `${type}-${n}`, type, projects },
  });
  expect(response.statusCode).toBe(201);
  return response.json().secret;
}

const createToken = (send: Send, type: string, projects = ['default']) =>
  send({
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: { tokenName: `by-${type}`, type, projects },
  });
const expire = (send: Send, secret: string) =>
  send({
    method: 'PUT',
    url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
    payload: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
const remove = (send: Send, secret: string) =>
  send({ method: 'DELETE', url: `/api/admin/api-tokens/${encodeURIComponent(secret)}` });

describe.each([
  { kind: 'client', KIND: 'CLIENT', other: 'frontend' },
  { kind: 'frontend', KIND: 'FRONTEND', other: 'client' },
])('$KIND API token permissions', ({ kind, KIND, other }) => {
  it(`CREATE_${KIND}_API_TOKEN creates ${kind} tokens only`, async () => {
    const send = await holding(`CREATE_${KIND}_API_TOKEN`);
    expect((await createToken(send, kind)).statusCode).toBe(201);
    for (const type of [other, 'admin']) expect((await createToken(send, type)).statusCode).toBe(403);
    expect((await send({ method: 'GET', url: '/api/admin/api-tokens' })).statusCode).toBe(403);
    expect((await remove(send, await token(kind))).statusCode).toBe(403);
  });

  it(`READ_${KIND}_API_TOKEN lists ${kind} tokens only`, async () => {
    const send = await holding(`READ_${KIND}_API_TOKEN`);
    await token(other);
    await token('admin', ['*']);
    const mine = await token(kind);
    const response = await send({ method: 'GET', url: '/api/admin/api-tokens' });
    expect(response.statusCode).toBe(200);
    const tokens: { type: string; secret: string }[] = response.json().tokens;
    expect(tokens.length).toBeGreaterThan(0);
    expect(new Set(tokens.map((listed) => listed.type))).toEqual(new Set([kind]));
    expect(tokens.some((listed) => mine.startsWith(listed.secret.split('…')[0]!))).toBe(true);
    expect((await createToken(send, kind)).statusCode).toBe(403);
  });

  it(`UPDATE_${KIND}_API_TOKEN changes the expiry of ${kind} tokens only`, async () => {
    const send = await holding(`UPDATE_${KIND}_API_TOKEN`);
    const mine = await token(kind);
    expect((await expire(send, mine)).statusCode).toBe(200);
    expect((await expire(send, await token(other))).statusCode).toBe(403);
    expect((await expire(send, await token('admin', ['*']))).statusCode).toBe(403);
    expect((await remove(send, mine)).statusCode).toBe(403);
  });

  it(`DELETE_${KIND}_API_TOKEN deletes ${kind} tokens only`, async () => {
    const send = await holding(`DELETE_${KIND}_API_TOKEN`);
    const mine = await token(kind);
    expect((await expire(send, mine)).statusCode).toBe(403);
    expect((await remove(send, await token(other))).statusCode).toBe(403);
    expect((await remove(send, mine)).statusCode).toBe(200);
    const path = kind === 'client' ? '/api/client/features' : '/api/frontend';
    expect((await t.app.inject({ url: path, headers: { authorization: mine } })).statusCode).toBe(401);
  });
});

describe('API tokens that reach a private project', () => {
  it('need ADMIN, or membership of the project: a token reads its flags', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'secret-plans', name: 'Secret plans', mode: 'private' },
    });
    expect(created.statusCode).toBe(201);
    const send = await holding('CREATE_CLIENT_API_TOKEN', 'READ_CLIENT_API_TOKEN', 'DELETE_CLIENT_API_TOKEN');
    expect((await createToken(send, 'client', ['secret-plans'])).statusCode).toBe(403);
    // Every project includes the private one.
    expect((await createToken(send, 'client', ['*'])).statusCode).toBe(403);
    expect((await createToken(send, 'client', ['default'])).statusCode).toBe(201);

    const hidden = await token('client', ['secret-plans']);
    const listed = (await send({ method: 'GET', url: '/api/admin/api-tokens' })).json().tokens;
    expect(JSON.stringify(listed)).not.toContain('secret-plans');
    expect((await remove(send, hidden)).statusCode).toBe(403);
  });
});

describe('READ_LOGS', () => {
  it('reads the sign-in history and no other admin read', async () => {
    const send = await holding('READ_LOGS');
    expect((await send({ method: 'GET', url: '/api/admin/logins' })).statusCode).toBe(200);
    for (const url of ['/api/admin/user-admin', '/api/admin/auth/oidc/settings', '/api/admin/user-sessions'])
      expect((await send({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('UPDATE_AUTH_CONFIGURATION', () => {
  it('reads and changes the sign-in settings, and nothing else of an admin', async () => {
    const send = await holding('UPDATE_AUTH_CONFIGURATION');
    for (const method of ['oidc', 'saml', 'simple']) {
      const url = `/api/admin/auth/${method}/settings`;
      expect((await send({ method: 'GET', url })).statusCode).toBe(200);
    }
    const saved = await send({
      method: 'POST',
      url: '/api/admin/auth/oidc/settings',
      payload: { enabled: false, clientId: 'switchyard' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().clientId).toBe('switchyard');
    expect(
      (await send({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
    expect((await send({ method: 'GET', url: '/api/admin/logins' })).statusCode).toBe(403);
    expect((await send({ method: 'GET', url: '/api/admin/user-admin' })).statusCode).toBe(403);
  });
});

describe('PROJECT_SETTINGS_WRITE', () => {
  it("changes the project's settings where it is held, not its environments, access or existence", async () => {
    const role = await projectRole(t, 'Settings keeper', [{ name: 'PROJECT_SETTINGS_WRITE' }]);
    const person = await signedIn(t, 'settings-keeper');
    await grant(t, 'settings-a', [person.id], [role]);
    const send = person.send;
    const update = (project: string) =>
      send({ method: 'PUT', url: `/api/admin/projects/${project}`, payload: { name: `Renamed ${project}` } });
    expect((await update('settings-a')).statusCode).toBe(200);
    expect((await update('settings-b')).statusCode).toBe(403);
    const nearby = [
      {
        method: 'POST',
        url: '/api/admin/projects/settings-a/environments',
        payload: { environment: 'production' },
      },
      { method: 'DELETE', url: '/api/admin/projects/settings-a/environments/development' },
      {
        method: 'POST',
        url: '/api/admin/projects/settings-a/access',
        payload: { roles: [], users: [], groups: [] },
      },
      { method: 'DELETE', url: '/api/admin/projects/settings-a' },
    ] as const;
    for (const call of nearby) expect((await send(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
  });
});

describe('permissions no operation checks', () => {
  const inert = [
    'UPDATE_FEATURE_VARIANTS',
    'PROJECT_SETTINGS_READ',
    'PROJECT_DEFAULT_STRATEGY_READ',
    'PROJECT_CHANGE_REQUEST_READ',
  ];

  it('are neither offered for custom roles nor accepted in one', async () => {
    const offered = JSON.stringify((await t.admin({ method: 'GET', url: '/api/admin/permissions' })).json());
    for (const name of inert) {
      expect(offered).not.toContain(`"${name}"`);
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/roles',
        payload: { name: `holds ${name}`, type: 'custom', permissions: [{ name }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/cannot be granted/);
    }
  });
});
