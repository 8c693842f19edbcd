import { allows, isMember } from '@switchyard/access';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../db/migrate.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { createUserStore } from '../../identity/index.ts';
import { createAccessReadModel } from './access-read-model.ts';

describe('upgrading an instance from root roles only (migration 0066)', () => {
  it('keeps every root role and lets existing Editors keep working in the projects that exist', async () => {
    const db = await createTestDb({ migrateBefore: '0066_create_roles_and_groups.sql' });
    try {
      await db.query(`INSERT INTO projects (id, name) VALUES ('web', 'Web'), ('mobile', 'Mobile')
                      ON CONFLICT (id) DO NOTHING`);
      const insert = async (username: string, role: string, extra = '') => {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO users (username, root_role${extra ? ', is_service' : ''}) VALUES ($1, $2${extra ? ', true' : ''}) RETURNING id`,
          [username, role],
        );
        return row!.id;
      };
      const admin = await insert('old-admin', 'Admin');
      const editor = await insert('old-editor', 'Editor');
      const viewer = await insert('old-viewer', 'Viewer');
      const bot = await insert('old-bot', 'Editor', 'service');
      await db.query(
        `INSERT INTO invite_links (secret_hash, display_secret, name, expires_at, root_role)
         VALUES ('h', 'd', 'Editors welcome', now() + interval '1 day', 'Editor')`,
      );

      await migrate(db);

      const users = createUserStore(db);
      expect(await users.findById(admin)).toMatchObject({ rootRole: 1, rootRoleName: 'Admin' });
      expect(await users.findById(editor)).toMatchObject({ rootRole: 2, rootRoleName: 'Editor' });
      expect(await users.findById(viewer)).toMatchObject({ rootRole: 3, rootRoleName: 'Viewer' });
      expect(await db.query('SELECT root_role_id FROM invite_links')).toEqual([{ root_role_id: 2 }]);

      const access = createAccessReadModel(db);
      for (const id of [editor, bot]) {
        const held = await access.accessOfUser(id);
        for (const project of ['default', 'web', 'mobile']) {
          expect(
            allows(held, 'UPDATE_FEATURE_ENVIRONMENT', { projects: [project], environments: ['production'] }),
            project,
          ).toBe(true);
          expect(allows(held, 'CREATE_FEATURE', { projects: [project] }), project).toBe(true);
        }
        expect(allows(held, 'UPDATE_PROJECT', { projects: ['web'] })).toBe(false);
      }
      // The grants are ordinary memberships, visible (and revocable) in each project's access list.
      expect(
        await db.query(
          `SELECT project, user_id, role_id, created_by FROM project_members ORDER BY project, user_id`,
        ),
      ).toEqual([
        { project: 'mobile', user_id: editor, role_id: 5, created_by: 'upgrade' },
        { project: 'mobile', user_id: bot, role_id: 5, created_by: 'upgrade' },
        { project: 'web', user_id: editor, role_id: 5, created_by: 'upgrade' },
        { project: 'web', user_id: bot, role_id: 5, created_by: 'upgrade' },
      ]);
      const viewerAccess = await access.accessOfUser(viewer);
      expect(allows(viewerAccess, 'CREATE_FEATURE', { projects: ['web'] })).toBe(false);
      expect(isMember(viewerAccess, 'web')).toBe(false);
      expect(allows(await access.accessOfUser(admin), 'DELETE_PROJECT', { projects: ['web'] })).toBe(true);
    } finally {
      await db.close();
    }
  });
});
