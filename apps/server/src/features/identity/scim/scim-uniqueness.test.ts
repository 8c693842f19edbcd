import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// RFC 7643 §4.1.1: userName is "caseExact": false, and sign-in matches a username or an email whatever its case, so
// a SCIM user that differs from a local user only in case would be a second account behind the same sign-in.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/scim-settings', payload: { enabled: true } });
  token = (await t.admin({ method: 'POST', url: '/api/admin/scim-settings/generate-new-token' })).json()
    .token;
  const local = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username: 'grace', email: 'grace@example.com', password: 'password-1234', rootRole: 3 },
  });
  expect(local.statusCode, local.body).toBe(201);
}, 300_000);
afterAll(() => t.close());

const scim = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(payload),
  });
const user = (userName: string, email: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
});
const countUsers = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL'))[0]!.n;

describe('SCIM uniqueness against local users', () => {
  it('refuses a userName or an email that differs from a local user only in case', async () => {
    const before = await countUsers();
    for (const [userName, email] of [
      ['GRACE', 'someone-else@example.com'],
      ['hopper', 'Grace@Example.COM'],
      ['Grace@example.com', 'hopper2@example.com'],
    ]) {
      const response = await scim('POST', '/Users', user(userName!, email!));
      expect({ userName, status: response.statusCode }).toEqual({ userName, status: 409 });
      expect(response.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses an update that takes a local user name in another case, and lets a user change its own case', async () => {
    const created = await scim('POST', '/Users', user('ada', 'ada@example.com'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const clash = await scim('PUT', `/Users/${id}`, user('Grace', 'ada@example.com'));
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ scimType: 'uniqueness' });
    const patch = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'GRACE@example.com' }],
    });
    expect(patch.statusCode, patch.body).toBe(409);
    const own = await scim('PUT', `/Users/${id}`, user('Ada', 'ADA@example.com'));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().userName).toBe('Ada');
  });
});
