import {
  isPermissionName,
  PREDEFINED_ROLES,
  type Role,
  type RolePermission,
  type RoleType,
} from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';

type RoleRow = { id: number; name: string; description: string | null; type: RoleType };
type PermissionRow = { role_id: number; permission: string; environment: string };

export type RoleInput = {
  name: string;
  description: string | null;
  type: RoleType;
  permissions: RolePermission[];
};

const toPermissions = (rows: PermissionRow[]): RolePermission[] =>
  rows.flatMap((row) =>
    isPermissionName(row.permission)
      ? [
          row.environment
            ? { permission: row.permission, environment: row.environment }
            : { permission: row.permission },
        ]
      : [],
  );

/** Predefined roles come from the catalogue; custom ones, with their permissions, from the database. */
export function createRoleStore(db: Db) {
  const load = async (where: string, params: unknown[]): Promise<Role[]> => {
    const rows = await db.query<RoleRow>(
      `SELECT id, name, description, type FROM roles WHERE ${where} ORDER BY id`,
      params,
    );
    const ids = rows.filter((row) => row.type === 'root-custom' || row.type === 'custom').map((r) => r.id);
    const permissions = ids.length
      ? await db.query<PermissionRow>(
          'SELECT role_id, permission, environment FROM role_permissions WHERE role_id = ANY($1) ORDER BY permission, environment',
          [ids],
        )
      : [];
    return rows.map((row) => {
      const predefined = PREDEFINED_ROLES.find((role) => role.id === row.id && role.type === row.type);
      if (predefined) return predefined;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        type: row.type,
        permissions: toPermissions(permissions.filter((p) => p.role_id === row.id)),
      };
    });
  };

  const savePermissions = async (tx: Db, id: number, permissions: RolePermission[]) => {
    await tx.query('DELETE FROM role_permissions WHERE role_id = $1', [id]);
    for (const { permission, environment } of permissions) {
      await tx.query(
        'INSERT INTO role_permissions (role_id, permission, environment) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [id, permission, environment ?? ''],
      );
    }
  };

  const nameTaken = (error: unknown, name: string) =>
    isUniqueViolation(error) ? new NameExistsError(`A role named "${name}" already exists`) : error;

  return {
    list: () => load('true', []),
    findByIds: (ids: number[]) => load('id = ANY($1)', [ids]),
    async findById(id: number): Promise<Role | undefined> {
      return (await load('id = $1', [id]))[0];
    },
    /** A role of the same kind (root or project) with this name, case-insensitively. */
    async findByName(name: string, root: boolean): Promise<Role | undefined> {
      return (
        await load(`lower(name) = lower($1) AND (type IN ('root', 'root-custom')) = $2`, [name, root])
      )[0];
    },
    async insert(input: RoleInput): Promise<Role> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            'INSERT INTO roles (name, description, type) VALUES ($1, $2, $3) RETURNING id',
            [input.name, input.description, input.type],
          );
          await savePermissions(tx, row!.id, input.permissions);
          return { id: row!.id, ...input };
        });
      } catch (error) {
        throw nameTaken(error, input.name);
      }
    },
    async update(id: number, input: RoleInput): Promise<Role> {
      try {
        return await db.transaction(async (tx) => {
          await tx.query('UPDATE roles SET name = $2, description = $3, type = $4 WHERE id = $1', [
            id,
            input.name,
            input.description,
            input.type,
          ]);
          await savePermissions(tx, id, input.permissions);
          return { id, ...input };
        });
      } catch (error) {
        throw nameTaken(error, input.name);
      }
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM roles WHERE id = $1', [id]);
    },
    /** Where a role is held: how many people and groups hold it as root role, and per project who holds it. */
    async usage(id: number): Promise<RoleUsage> {
      const [root] = await db.query<{ users: number; groups: number }>(
        `SELECT (SELECT count(*)::int FROM users WHERE root_role_id = $1 AND deleted_at IS NULL) AS users,
                (SELECT count(*)::int FROM groups WHERE root_role_id = $1) AS groups`,
        [id],
      );
      const projects = await db.query<ProjectUsageRow>(
        `SELECT project,
                count(*) FILTER (WHERE kind = 'user')::int AS users,
                count(*) FILTER (WHERE kind = 'service')::int AS service_accounts,
                count(*) FILTER (WHERE kind = 'group')::int AS groups
           FROM (SELECT m.project, CASE WHEN u.is_service THEN 'service' ELSE 'user' END AS kind
                   FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.role_id = $1
                 UNION ALL
                 SELECT project, 'group' FROM project_groups WHERE role_id = $1) held
          GROUP BY project ORDER BY project`,
        [id],
      );
      return {
        rootUsers: root!.users,
        rootGroups: root!.groups,
        projects: projects.map((row) => ({
          project: row.project,
          users: row.users,
          serviceAccounts: row.service_accounts,
          groups: row.groups,
        })),
      };
    },
  };
}

type ProjectUsageRow = { project: string; users: number; service_accounts: number; groups: number };

export type RoleUsage = {
  rootUsers: number;
  rootGroups: number;
  projects: { project: string; users: number; serviceAccounts: number; groups: number }[];
};

export type RoleStore = ReturnType<typeof createRoleStore>;
