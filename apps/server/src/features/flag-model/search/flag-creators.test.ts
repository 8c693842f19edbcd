import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let alice: number;
let bob: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = async (email: string, name: string | null = null) =>
    (
      await t.db.query<{ id: number }>(
        'INSERT INTO users (email, name, root_role_id) VALUES ($1, $2, 3) RETURNING id',
        [email, name],
      )
    )[0]!.id;
  alice = await user('alice@x.test', 'Alice Archer');
  bob = await user('bob@x.test');
  const carol = await user('carol@x.test');
  const dave = await user('dave@x.test');
  await buildProject(t.db, 'web');
  await buildProject(t.db, 'vault');
  await t.db.query(`UPDATE projects SET mode = 'private' WHERE id = 'vault'`);
  await buildFlag(t.db, { name: 'a-default', createdByUserId: alice });
  await buildFlag(t.db, { name: 'a-web', project: 'web', createdByUserId: alice });
  await buildFlag(t.db, { name: 'b-web', project: 'web', createdByUserId: bob });
  await buildFlag(t.db, { name: 'c-archived', createdByUserId: carol, archived: true });
  await buildFlag(t.db, { name: 'd-vault', project: 'vault', createdByUserId: dave });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/flag-creators (getFlagCreators)', () => {
  it('lists each user who created a flag the caller can see, once, archived flags left out', async () => {
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: '/api/admin/flag-creators' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      total: 2,
      flagCreators: [
        { id: alice, name: 'Alice Archer' },
        { id: bob, name: 'bob@x.test' },
      ],
    });
    // The admin sees the private project's creator too.
    const all = await t.admin({ method: 'GET', url: '/api/admin/flag-creators' });
    expect(all.json().total).toBe(3);
  });

  it('matches `q` anywhere in the name and pages with `limit`', async () => {
    const matched = await t.admin({ method: 'GET', url: '/api/admin/flag-creators?q=ARCH' });
    expect(matched.json()).toEqual({ total: 1, flagCreators: [{ id: alice, name: 'Alice Archer' }] });
    const limited = await t.admin({ method: 'GET', url: '/api/admin/flag-creators?limit=1' });
    expect(limited.json()).toMatchObject({ total: 3, flagCreators: [{ id: alice }] });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/flag-creators' })).statusCode).toBe(401);
  });
});
