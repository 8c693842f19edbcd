import { ROLE_IDS } from '@switchyard/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
const user = async (email: string, name: string | null = null) =>
  (
    await t.db.query<{ id: number }>(
      'INSERT INTO users (email, name, root_role_id) VALUES ($1, $2, 3) RETURNING id',
      [email, name],
    )
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'owned');
  await buildProject(t.db, 'nobodys');
  const olga = await user('olga@x.test', 'Olga Owner');
  const mia = await user('mia@x.test');
  const gus = await user('gus@x.test');
  const gone = await user('gone@x.test', 'Gone Owner');
  await t.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone]);
  const [group] = await t.db.query<{ id: number }>(
    "INSERT INTO groups (name) VALUES ('Payments team') RETURNING id",
  );
  await t.db.query('INSERT INTO group_users (group_id, user_id) VALUES ($1, $2), ($1, $3)', [
    group!.id,
    mia,
    gus,
  ]);
  await t.db.query(
    `INSERT INTO project_members (project, user_id, role_id) VALUES ('owned', $1, $3), ('owned', $1, $4),
            ('owned', $2, $4), ('owned', $5, $3)`,
    [olga, mia, ROLE_IDS.Owner, ROLE_IDS.Member, gone],
  );
  await t.db.query(`INSERT INTO project_groups (project, group_id, role_id) VALUES ('owned', $1, $2)`, [
    group!.id,
    ROLE_IDS.Owner,
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const projectById = async (id: string) =>
  (await t.admin({ method: 'GET', url: '/api/admin/projects' }))
    .json()
    .projects.find((project: { id: string }) => project.id === id);

describe('a project’s owners and members', () => {
  it('lists the Owner role’s holders, users then groups, and counts each user with a project role once', async () => {
    const owned = await projectById('owned');
    expect(owned.owners).toEqual([
      { ownerType: 'user', name: 'Olga Owner', email: 'olga@x.test' },
      { ownerType: 'group', name: 'Payments team' },
    ]);
    // Olga (two roles), Mia (directly and through the group) and Gus (through the group); not the deleted user.
    expect(owned.memberCount).toBe(3);
  });

  it('reports the "system" owner and no members for a project nobody holds a role in', async () => {
    const nobodys = await projectById('nobodys');
    expect(nobodys.owners).toEqual([{ ownerType: 'system' }]);
    expect(nobodys.memberCount).toBe(0);
  });

  it('gives the same owners on the personal dashboard', async () => {
    const member = await t.as('Viewer', { memberOf: ['owned'] });
    const details = (await member({ method: 'GET', url: '/api/admin/personal-dashboard/owned' })).json();
    expect(details.owners).toEqual([
      { ownerType: 'user', name: 'Olga Owner', email: 'olga@x.test' },
      { ownerType: 'group', name: 'Payments team' },
    ]);
  });
});
