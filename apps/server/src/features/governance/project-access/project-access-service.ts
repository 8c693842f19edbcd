import { isRootRoleType } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { createRoleStore } from '../access/role-store.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createProjectStore } from '../../flag-model/projects/project-store.ts';
import { createProjectAccessStore } from './project-access-store.ts';

const bad = BadDataError.field;

/** Who holds which roles in a project: people, service accounts and groups, each with one or more project roles. */
export function createProjectAccessService(db: Db) {
  const store = createProjectAccessStore(db);
  const roles = createRoleStore(db);
  const events = createEventStore(db);
  const append = (type: string, project: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, project, createdBy: actor.name, createdByUserId: actor.userId, data, preData });

  async function assertProject(project: string): Promise<void> {
    if (!(await createProjectStore(db).exists(project)))
      throw new NotFoundError(`Could not find project "${project}"`);
  }

  /** Every id must be a project role (predefined or custom). */
  async function assertProjectRoles(ids: number[], path: string): Promise<void> {
    const found = new Map((await roles.findByIds(ids)).map((role) => [role.id, role]));
    ids.forEach((id, index) => {
      const role = found.get(id);
      if (!role) throw bad(`${path}/${index}`, `role ${id} does not exist`);
      if (isRootRoleType(role.type))
        throw bad(`${path}/${index}`, `${role.name} is a root role; a project grants project roles only`);
    });
  }

  async function assertExist(table: 'users' | 'groups', ids: number[], path: string): Promise<void> {
    if (ids.length === 0) return;
    const where = table === 'users' ? 'AND deleted_at IS NULL' : '';
    const rows = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1) ${where}`, [ids]);
    const found = new Set(rows.map((row) => row.id));
    const index = ids.findIndex((id) => !found.has(id));
    if (index < 0) return;
    const message = `${table === 'users' ? 'user' : 'group'} ${ids[index]} does not exist`;
    throw path.startsWith('/params')
      ? new NotFoundError(`Could not find ${message.replace(' does not exist', '')}`)
      : bad(`${path}/${index}`, message);
  }

  return {
    async list(project: string) {
      await assertProject(project);
      const [users, groups, all] = await Promise.all([
        store.users(project),
        store.groups(project),
        roles.list(),
      ]);
      return { users, groups, roles: all.filter((role) => !isRootRoleType(role.type)) };
    },
    /** Every listed user and group gets every listed role (on top of what they hold). */
    async add(project: string, input: { roles: number[]; users: number[]; groups: number[] }, actor: Actor) {
      await assertProject(project);
      await assertProjectRoles(input.roles, '/body/roles');
      await assertExist('users', input.users, '/body/users');
      await assertExist('groups', input.groups, '/body/groups');
      for (const user of input.users) await store.addUserRoles(project, user, input.roles, actor.name);
      for (const group of input.groups) await store.addGroupRoles(project, group, input.roles, actor.name);
      await append('project-access-added', project, actor, input);
    },
    /** Replaces everyone's roles in the project with these. */
    async set(project: string, input: { id?: number; users?: number[]; groups?: number[] }[], actor: Actor) {
      await assertProject(project);
      const ids = input.map((entry) => entry.id ?? 0);
      await assertProjectRoles(ids, '/body/roles');
      for (const [index, entry] of input.entries()) {
        await assertExist('users', entry.users ?? [], `/body/roles/${index}/users`);
        await assertExist('groups', entry.groups ?? [], `/body/roles/${index}/groups`);
      }
      await store.removeEveryone(project);
      for (const entry of input) {
        for (const user of entry.users ?? [])
          await store.addUserRoles(project, user, [entry.id!], actor.name);
        for (const group of entry.groups ?? [])
          await store.addGroupRoles(project, group, [entry.id!], actor.name);
      }
      await append('project-access-updated', project, actor, { roles: input });
    },
    async setUserRoles(project: string, userId: number, roleIds: number[], actor: Actor) {
      await assertProject(project);
      await assertExist('users', [userId], '/params/userId');
      await assertProjectRoles(roleIds, '/body/roles');
      await store.removeUser(project, userId);
      await store.addUserRoles(project, userId, roleIds, actor.name);
      await append('project-access-user-roles-updated', project, actor, { userId, roles: roleIds });
    },
    async removeUser(project: string, userId: number, actor: Actor) {
      await assertProject(project);
      await store.removeUser(project, userId);
      await append('project-access-user-roles-deleted', project, actor, null, { userId });
    },
    async setGroupRoles(project: string, groupId: number, roleIds: number[], actor: Actor) {
      await assertProject(project);
      await assertExist('groups', [groupId], '/params/groupId');
      await assertProjectRoles(roleIds, '/body/roles');
      await store.removeGroup(project, groupId);
      await store.addGroupRoles(project, groupId, roleIds, actor.name);
      await append('project-access-group-roles-updated', project, actor, { groupId, roles: roleIds });
    },
    async removeGroup(project: string, groupId: number, actor: Actor) {
      await assertProject(project);
      await store.removeGroup(project, groupId);
      await append('project-access-group-roles-deleted', project, actor, null, { groupId });
    },
  };
}

export type ProjectAccessService = ReturnType<typeof createProjectAccessService>;
