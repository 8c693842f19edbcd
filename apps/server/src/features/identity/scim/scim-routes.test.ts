import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createSessionStore } from '../users/session-store.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: true } });
  token = (await t.admin({ method: 'POST', url: '/api/admin/scim-settings/generate-new-token' })).json()
    .token;
  // Building the app migrates a database: slow on a busy machine.
}, 300_000);
afterAll(() => t.close());

const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });

const newUser = (userName: string, extra: Record<string, unknown> = {}) =>
  scim('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ value: userName, type: 'work', primary: true }],
    externalId: `ext-${userName}`,
    active: true,
    ...extra,
  });

/** A browser session of the user, as signing in makes one. */
const sessionOf = async (userId: number) => {
  const session = await createSessionStore(t.db).create(userId, 1);
  return { cookie: `switchyard-session=${session.id}` };
};

describe('settings and the token', () => {
  it('shows whether SCIM is on and a token exists, never the token', async () => {
    const settings = await t.admin({ method: 'GET', url: '/api/admin/scim-settings' });
    expect(settings.json()).toEqual({ enabled: true, hasToken: true });
    expect(token).toMatch(/^scim:/);
  });

  it('refuses a wrong or missing SCIM token with a SCIM error', async () => {
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { authorization: 'Bearer scim:not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/scim+json');
    expect(wrong.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
      detail: expect.stringContaining('SCIM token'),
    });
    // An admin API token is no SCIM token.
    expect((await t.admin({ method: 'GET', url: '/scim/v2/Users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/scim/v2/Groups' })).statusCode).toBe(401);
  });

  it('replaces the old token when a new one is generated', async () => {
    const fresh = (
      await t.admin({ method: 'POST', url: '/api/admin/scim-settings/generate-new-token' })
    ).json().token as string;
    const old = token;
    token = fresh;
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    token = old;
    expect((await scim('GET', '/Users')).statusCode).toBe(401);
    token = fresh;
  });
});

describe('users', () => {
  it('creates a user, finds it by userName filter and lists with paging fields', async () => {
    const created = await newUser('ada@example.com');
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'ada@example.com',
      externalId: 'ext-ada@example.com',
      displayName: 'Ada Lovelace',
      emails: [{ value: 'ada@example.com', primary: true }],
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(created.headers.location).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));
    await newUser('grace@example.com');

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ADA@example.com"')}`);
    expect(found.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: user.id }],
    });
    const page = (await scim('GET', '/Users?startIndex=2&count=1')).json();
    expect(page).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources[0].userName).toBe('grace@example.com');

    const bad = await scim('GET', `/Users?filter=${encodeURIComponent('name co "x"')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });

    // The user is a Switchyard user, marked as SCIM-managed, with the Viewer root role.
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/user-admin' })).json().users as {
      email: string;
      scimId: string | null;
      rootRole: number;
    }[];
    expect(listed.find((u) => u.email === 'ada@example.com')).toMatchObject({ scimId: user.id, rootRole: 3 });
  });

  it('refuses a second user with the same userName as a uniqueness conflict', async () => {
    const again = await newUser('ada@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('deactivating by PATCH ends sessions and personal access tokens at once', async () => {
    const user = (await newUser('linus@example.com')).json();
    const userId = (
      (await t.admin({ method: 'GET', url: '/api/admin/user-admin' })).json().users as {
        id: number;
        email: string;
      }[]
    ).find((u) => u.email === 'linus@example.com')!.id;
    const session = await sessionOf(userId);
    const me = () => t.app.inject({ method: 'GET', url: '/api/admin/user', headers: session });
    expect((await me()).statusCode).toBe(200);
    const pat = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/tokens',
      headers: session,
      payload: { description: 'ci', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(pat.statusCode).toBe(201);
    const patHeaders = { authorization: pat.json().secret as string };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: patHeaders })).statusCode,
    ).toBe(200);

    // Entra ID sends booleans as strings.
    const patched = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: patHeaders })).statusCode,
    ).toBe(401);
    // A deactivated user cannot sign in either (it has no password here; the sign-in finds nobody).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username: 'linus@example.com', password: 'whatever-it-was' },
    });
    expect(signIn.statusCode).toBe(401);

    // Okta's form: no path, an object value; reactivation works.
    const back = await scim('PATCH', `/Users/${user.id}`, {
      Operations: [{ op: 'replace', value: { active: true, displayName: 'Linus T.' } }],
    });
    expect(back.json()).toMatchObject({ active: true, displayName: 'Linus T.' });
  });

  it('replaces a user with PUT and deletes it, ending its sessions', async () => {
    const user = (await newUser('marie@example.com')).json();
    const replaced = await scim('PUT', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'marie@example.com',
      name: { givenName: 'Marie', familyName: 'Curie' },
      emails: [{ value: 'marie.curie@example.com', primary: true }],
      active: true,
    });
    expect(replaced.json()).toMatchObject({
      displayName: 'Marie Curie',
      emails: [{ value: 'marie.curie@example.com' }],
    });
    const userId = (
      (await t.admin({ method: 'GET', url: '/api/admin/user-admin' })).json().users as {
        id: number;
        scimId: string;
      }[]
    ).find((u) => u.scimId === user.id)!.id;
    const session = await sessionOf(userId);
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: session })).statusCode).toBe(
      401,
    );
    const gone = await scim('GET', `/Users/${user.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      status: '404',
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    });
  });

  it('refuses manual edits of a SCIM user that the provider would overwrite', async () => {
    const user = (await newUser('katherine@example.com')).json();
    const id = (
      (await t.admin({ method: 'GET', url: '/api/admin/user-admin' })).json().users as {
        id: number;
        scimId: string;
      }[]
    ).find((u) => u.scimId === user.id)!.id;
    const rename = await t.admin({
      method: 'PUT',
      url: `/api/admin/user-admin/${id}`,
      payload: { name: 'K.' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toContain('managed by SCIM');
    const remove = await t.admin({ method: 'DELETE', url: `/api/admin/user-admin/${id}` });
    expect(remove.statusCode).toBe(403);
    // The root role is Switchyard's: SCIM maps no roles, so an admin may still change it.
    const promote = await t.admin({
      method: 'PUT',
      url: `/api/admin/user-admin/${id}`,
      payload: { rootRole: 2 },
    });
    expect(promote.statusCode).toBe(200);
  });
});

describe('groups', () => {
  it('creates a group with members, who become group members in Switchyard', async () => {
    const a = (await newUser('alan@example.com')).json();
    const b = (await newUser('barbara@example.com')).json();
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Engineering',
      externalId: 'okta-eng',
      members: [{ value: a.id }, { value: b.id }],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group.members.map((m: { value: string }) => m.value).sort()).toEqual([a.id, b.id].sort());

    const groups = (await t.admin({ method: 'GET', url: '/api/admin/groups' })).json().groups as {
      id: number;
      name: string;
      scimId: string | null;
      users: { user: { email: string } }[];
    }[];
    const engineering = groups.find((g) => g.name === 'Engineering')!;
    expect(engineering.scimId).toBe(group.id);
    expect(engineering.users.map((u) => u.user.email).sort()).toEqual([
      'alan@example.com',
      'barbara@example.com',
    ]);

    const byName = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}`);
    expect(byName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });

    // Membership by PATCH: Okta removes by a member filter, Entra adds by a list.
    const removed = await scim('PATCH', `/Groups/${group.id}`, {
      Operations: [{ op: 'remove', path: `members[value eq "${a.id}"]` }],
    });
    expect(removed.json().members).toEqual([expect.objectContaining({ value: b.id })]);
    const c = (await newUser('claude@example.com')).json();
    const added = await scim('PATCH', `/Groups/${group.id}`, {
      Operations: [
        { op: 'Add', path: 'members', value: [{ value: c.id }] },
        { op: 'Replace', path: 'displayName', value: 'Platform' },
      ],
    });
    expect(added.json().displayName).toBe('Platform');
    expect(
      added
        .json()
        .members.map((m: { value: string }) => m.value)
        .sort(),
    ).toEqual([b.id, c.id].sort());

    const unknown = await scim('PATCH', `/Groups/${group.id}`, {
      Operations: [{ op: 'add', path: 'members', value: [{ value: 'no-such-user' }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().scimType).toBe('invalidValue');

    // An admin cannot change the members or the name of a SCIM group by hand, nor delete it.
    const edit = await t.admin({
      method: 'PUT',
      url: `/api/admin/groups/${engineering.id}`,
      payload: { name: 'Platform', users: [] },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toContain('managed by SCIM');
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/groups/${engineering.id}` })).statusCode).toBe(
      403,
    );

    expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
  });

  it('deletes every SCIM group and user on an admin request', async () => {
    await scim('POST', '/Groups', { displayName: 'Temporary', members: [] });
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/groups/scim-groups' })).statusCode).toBe(200);
    expect((await scim('GET', '/Groups')).json().totalResults).toBe(0);
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/user-admin/scim-users' })).statusCode).toBe(
      200,
    );
    expect((await scim('GET', '/Users')).json().totalResults).toBe(0);
  });

  it('refuses every request while SCIM is off, even with the right token', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: false } });
    const off = await scim('GET', '/Users');
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ status: '403', detail: expect.stringContaining('turned off') });
    await t.admin({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: true } });
  });
});
