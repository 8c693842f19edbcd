import {
  invalidRolePermission,
  isPredefinedRoleType,
  isRootRoleType,
  levelOf,
  PERMISSION_NAMES,
  isPermissionName,
  type Role,
  type RolePermission,
  type RoleType,
} from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, NameExistsError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createRoleStore, type RoleInput, type RoleUsage } from './role-store.ts';
import { mentionProject } from '../../../http/project-mention.ts';

/** A role as a request describes it: permissions by name (or by Unleash's numeric id), environment optional. */
export type RoleRequest = {
  name: string;
  description?: string | null;
  type?: 'root-custom' | 'custom';
  permissions?: { name?: string; id?: number; environment?: string | null }[];
};

/** Unleash's numeric permission ids: positions in the catalogue, as GET /api/admin/permissions lists them. */
export const permissionId = (name: string): number => PERMISSION_NAMES.indexOf(name as never) + 1;

const bad = BadDataError.field;

/** Where a role is held, in words, for the 409 that refuses to delete it. */
export function describeUsage(usage: RoleUsage): string | undefined {
  const parts: string[] = [];
  if (usage.rootUsers) parts.push(`the root role of ${usage.rootUsers} user(s) and service account(s)`);
  if (usage.rootGroups) parts.push(`the root role of ${usage.rootGroups} group(s)`);
  for (const p of usage.projects) {
    const who = [
      p.users && `${p.users} user(s)`,
      p.serviceAccounts && `${p.serviceAccounts} service account(s)`,
      p.groups && `${p.groups} group(s)`,
    ].filter(Boolean);
    parts.push(`held in ${mentionProject(p.project)} by ${who.join(', ')}`);
  }
  return parts.length ? parts.join('; ') : undefined;
}

/** Custom root and project roles: validated, unique by name within their kind, never deleted while held. */
export function createRoleService(db: Db) {
  const roles = createRoleStore(db);
  const events = createEventStore(db);
  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
  const summary = (role: Role) => ({
    id: role.id,
    name: role.name,
    type: role.type,
    permissions: role.permissions,
  });

  /** The role a request describes, checked against the catalogue and the environments that exist. */
  async function parse(
    request: RoleRequest,
    type: RoleType,
    options: { exceptId?: number; nameTaken: (message: string) => Error },
  ): Promise<RoleInput> {
    const name = request.name.trim();
    if (!name) throw bad('/body/name', 'name must not be empty');
    const taken = await roles.findByName(name, isRootRoleType(type));
    if (taken && taken.id !== options.exceptId)
      throw options.nameTaken(
        `A ${isRootRoleType(type) ? 'root' : 'project'} role named "${name}" already exists`,
      );
    const environments = new Set(
      (await db.query<{ name: string }>('SELECT name FROM environments')).map((row) => row.name),
    );
    const permissions: RolePermission[] = [];
    for (const [index, entry] of (request.permissions ?? []).entries()) {
      const path = `/body/permissions/${index}`;
      const name = entry.name ?? (entry.id === undefined ? undefined : PERMISSION_NAMES[entry.id - 1]);
      if (!name || !isPermissionName(name))
        throw bad(path, `permission ${JSON.stringify(entry.name ?? entry.id)} is not in the catalogue`);
      const environment = levelOf(name) === 'environment' ? entry.environment || undefined : undefined;
      const permission: RolePermission = environment
        ? { permission: name, environment }
        : { permission: name };
      const invalid = invalidRolePermission(type, permission);
      if (invalid) throw bad(path, invalid);
      if (environment && !environments.has(environment))
        throw bad(`${path}/environment`, `environment "${environment}" does not exist`);
      permissions.push(permission);
    }
    return { name, description: request.description ?? null, type, permissions };
  }

  async function find(id: number): Promise<Role> {
    const role = await roles.findById(id);
    if (!role) throw new NotFoundError(`Could not find a role with id ${id}`);
    return role;
  }

  async function findCustom(id: number): Promise<Role> {
    const role = await find(id);
    if (isPredefinedRoleType(role.type))
      throw bad('/params/roleId', `${role.name} is a predefined role and cannot be changed or deleted`);
    return role;
  }

  return {
    /** Predefined roles first, then custom ones by name. */
    async list(): Promise<Role[]> {
      const all = await roles.list();
      return [
        ...all.filter((role) => isPredefinedRoleType(role.type)),
        ...all
          .filter((role) => !isPredefinedRoleType(role.type))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ];
    },
    get: find,
    usage: (id: number) => roles.usage(id),
    async validate(request: RoleRequest): Promise<void> {
      await parse(request, request.type ?? 'custom', { nameTaken: (m) => bad('/body/name', m) });
    },
    async create(request: RoleRequest, actor: Actor): Promise<Role> {
      const role = await roles.insert(
        await parse(request, request.type ?? 'custom', { nameTaken: (m) => new NameExistsError(m) }),
      );
      await append('role-created', actor, summary(role));
      return role;
    },
    async update(id: number, request: RoleRequest, actor: Actor): Promise<Role> {
      const before = await findCustom(id);
      if (request.type && request.type !== before.type)
        throw bad('/body/type', `a ${before.type} role cannot become a ${request.type} role`);
      const after = await roles.update(
        id,
        await parse(request, before.type, { exceptId: id, nameTaken: (m) => new NameExistsError(m) }),
      );
      await append('role-updated', actor, summary(after), summary(before));
      return after;
    },
    async delete(id: number, actor: Actor): Promise<void> {
      const before = await findCustom(id);
      const usage = describeUsage(await roles.usage(id));
      if (usage) throw new ConflictError(`Role "${before.name}" is in use: ${usage}. Remove it there first.`);
      await roles.delete(id);
      await append('role-deleted', actor, null, summary(before));
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
