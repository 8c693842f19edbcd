import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { Group, GroupInput, GroupUser } from './group.ts';

type GroupRow = {
  id: number;
  name: string;
  description: string | null;
  mappings_sso: string[];
  root_role_id: number | null;
  created_by: string | null;
  created_at: Date;
  users:
    | {
        joined_at: string;
        created_by: string | null;
        id: number;
        name: string | null;
        username: string | null;
        email: string | null;
        is_service: boolean;
      }[]
    | null;
  projects: string[] | null;
  scim_id: string | null;
  scim_external_id: string | null;
};

const SELECT = `
  SELECT g.*,
         (SELECT json_agg(json_build_object('joined_at', gu.joined_at, 'created_by', gu.created_by, 'id', u.id,
                   'name', u.name, 'username', u.username, 'email', u.email, 'is_service', u.is_service) ORDER BY u.id)
            FROM group_users gu JOIN users u ON u.id = gu.user_id
           WHERE gu.group_id = g.id AND u.deleted_at IS NULL) AS users,
         (SELECT json_agg(DISTINCT pg.project) FROM project_groups pg WHERE pg.group_id = g.id) AS projects
    FROM groups g`;

const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mappingsSso: row.mappings_sso,
  rootRole: row.root_role_id,
  createdBy: row.created_by,
  createdAt: row.created_at,
  users: (row.users ?? []).map((u): GroupUser => ({
    joinedAt: new Date(u.joined_at),
    createdBy: u.created_by,
    user: { id: u.id, name: u.name, username: u.username, email: u.email, isService: u.is_service },
  })),
  projects: row.projects ?? [],
  scimId: row.scim_id,
  scimExternalId: row.scim_external_id,
});

export function createGroupStore(db: Db) {
  const nameTaken = (error: unknown, name: string) =>
    isUniqueViolation(error) ? new NameExistsError(`A group named "${name}" already exists`) : error;

  const setUsers = async (id: number, userIds: number[], createdBy: string) => {
    await db.query('DELETE FROM group_users WHERE group_id = $1 AND NOT (user_id = ANY($2))', [id, userIds]);
    for (const userId of userIds) {
      await db.query(
        'INSERT INTO group_users (group_id, user_id, created_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [id, userId, createdBy],
      );
    }
  };

  return {
    async list(): Promise<Group[]> {
      return (await db.query<GroupRow>(`${SELECT} ORDER BY lower(g.name)`)).map(toGroup);
    },
    async findById(id: number): Promise<Group | undefined> {
      const [row] = await db.query<GroupRow>(`${SELECT} WHERE g.id = $1`, [id]);
      return row && toGroup(row);
    },
    async insert(input: GroupInput, createdBy: string): Promise<number> {
      try {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO groups (name, description, mappings_sso, root_role_id, created_by, scim_id, scim_external_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            input.name,
            input.description,
            JSON.stringify(input.mappingsSso),
            input.rootRole,
            createdBy,
            input.scim?.id ?? null,
            input.scim?.externalId ?? null,
          ],
        );
        await setUsers(row!.id, input.userIds, createdBy);
        return row!.id;
      } catch (error) {
        throw nameTaken(error, input.name);
      }
    },
    async update(id: number, input: GroupInput, createdBy: string): Promise<void> {
      try {
        await db.query(
          `UPDATE groups SET name = $2, description = $3, mappings_sso = $4, root_role_id = $5,
             scim_external_id = COALESCE($6, scim_external_id) WHERE id = $1`,
          [
            id,
            input.name,
            input.description,
            JSON.stringify(input.mappingsSso),
            input.rootRole,
            input.scim?.externalId ?? null,
          ],
        );
        await setUsers(id, input.userIds, createdBy);
      } catch (error) {
        throw nameTaken(error, input.name);
      }
    },
    async findByScimId(scimId: string): Promise<Group | undefined> {
      const [row] = await db.query<GroupRow>(`${SELECT} WHERE g.scim_id = $1`, [scimId]);
      return row && toGroup(row);
    },
    /** SCIM-managed groups, optionally only those named `name` (case-insensitively). */
    async listScim(name?: string): Promise<Group[]> {
      const rows = await db.query<GroupRow>(
        `${SELECT} WHERE g.scim_id IS NOT NULL AND ($1::text IS NULL OR lower(g.name) = lower($1)) ORDER BY g.id`,
        [name ?? null],
      );
      return rows.map(toGroup);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM groups WHERE id = $1', [id]);
    },
    /** The existing, not deleted users among these ids. */
    async existingUsers(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: number }>(
        'SELECT id FROM users WHERE id = ANY($1) AND deleted_at IS NULL',
        [ids],
      );
      return rows.map((row) => row.id);
    },
    /** Groups whose SSO mappings name any of these identity-provider groups, case-insensitively. */
    async mappedTo(names: string[]): Promise<{ id: number; name: string }[]> {
      if (names.length === 0) return [];
      return db.query<{ id: number; name: string }>(
        `SELECT id, name FROM groups
          WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(mappings_sso) m WHERE lower(m) = ANY($1))`,
        [names.map((name) => name.toLowerCase())],
      );
    },
    /** The groups a user joined through SSO sync. */
    async syncedGroupsOf(userId: number): Promise<{ id: number; name: string }[]> {
      return db.query<{ id: number; name: string }>(
        `SELECT g.id, g.name FROM group_users gu JOIN groups g ON g.id = gu.group_id
          WHERE gu.user_id = $1 AND gu.synced`,
        [userId],
      );
    },
    async addSyncedMember(groupId: number, userId: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO group_users (group_id, user_id, synced, created_by) VALUES ($1, $2, true, 'sso-sync')
         ON CONFLICT DO NOTHING RETURNING group_id`,
        [groupId, userId],
      );
      return rows.length > 0;
    },
    async removeMember(groupId: number, userId: number): Promise<void> {
      await db.query('DELETE FROM group_users WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
    },
  };
}

export type GroupStore = ReturnType<typeof createGroupStore>;
