import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { createRoleStore, rootRoleIdOf } from '../../governance/index.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { Group, GroupInput } from './group.ts';
import { refuseScimManaged } from '../scim/scim-managed.ts';
import { createGroupStore } from './group-store.ts';

/** A group as a request describes it, in Unleash's createGroupSchema shape. */
export type GroupRequest = {
  name: string;
  description?: string | null;
  mappingsSSO?: string[];
  rootRole?: number | null;
  users?: { user: { id: number } }[];
};

/** Groups: members, a root role for all of them, SSO mappings; project roles are granted in project access. */
export function createGroupService(db: Db) {
  const groups = createGroupStore(db);
  const events = createEventStore(db);
  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
  const summary = (group: Group) => ({
    id: group.id,
    name: group.name,
    rootRole: group.rootRole,
    mappingsSSO: group.mappingsSso,
    users: group.users.map((u) => u.user.id),
  });

  async function find(id: number): Promise<Group> {
    const group = await groups.findById(id);
    if (!group) throw new NotFoundError(`Could not find a group with id ${id}`);
    return group;
  }

  /** An admin's change to a SCIM group: its name and members belong to the identity provider. */
  function guardScim(before: Group, after: GroupInput): void {
    const members = new Set(before.users.map((u) => u.user.id));
    const sameMembers = members.size === after.userIds.length && after.userIds.every((id) => members.has(id));
    if (before.name !== after.name) refuseScimManaged(before, `Group "${before.name}"`, 'rename it');
    if (!sameMembers) refuseScimManaged(before, `Group "${before.name}"`, 'change its members');
  }

  async function parse(request: GroupRequest): Promise<GroupInput> {
    const name = request.name.trim();
    if (!name) throw BadDataError.field('/body/name', 'name must not be empty');
    const rootRole =
      request.rootRole === undefined || request.rootRole === null
        ? null
        : await rootRoleIdOf(createRoleStore(db), request.rootRole);
    const userIds = [...new Set((request.users ?? []).map((entry) => entry.user.id))];
    const existing = new Set(await groups.existingUsers(userIds));
    const missing = (request.users ?? []).findIndex((entry) => !existing.has(entry.user.id));
    if (missing >= 0) {
      const id = request.users![missing]!.user.id;
      throw BadDataError.field(`/body/users/${missing}/user/id`, `user ${id} does not exist`);
    }
    const mappingsSso = [...new Set((request.mappingsSSO ?? []).map((m) => m.trim()).filter(Boolean))];
    return { name, description: request.description ?? null, mappingsSso, rootRole, userIds };
  }

  return {
    list: () => groups.list(),
    get: find,
    async create(request: GroupRequest, actor: Actor, scim?: GroupInput['scim']): Promise<Group> {
      const id = await groups.insert({ ...(await parse(request)), scim }, actor.name);
      const group = await find(id);
      await append('group-created', actor, summary(group));
      return group;
    },
    /** `via: 'scim'` is the identity provider itself, which may change what it manages. */
    async update(
      id: number,
      request: GroupRequest,
      actor: Actor,
      via: { scim: GroupInput['scim'] } | 'admin' = 'admin',
    ): Promise<Group> {
      const before = await find(id);
      const input = await parse(request);
      if (via === 'admin') guardScim(before, input);
      await groups.update(id, via === 'admin' ? input : { ...input, scim: via.scim }, actor.name);
      const after = await find(id);
      await append('group-updated', actor, summary(after), summary(before));
      return after;
    },
    async delete(id: number, actor: Actor, via: 'admin' | 'scim' = 'admin'): Promise<void> {
      const before = await find(id);
      if (via === 'admin') refuseScimManaged(before, `Group "${before.name}"`, 'remove it');
      await groups.delete(id);
      await append('group-deleted', actor, null, summary(before));
    },
    /** Deletes every group SCIM manages; how many there were. */
    async deleteScimGroups(actor: Actor): Promise<number> {
      const scimGroups = await groups.listScim();
      for (const group of scimGroups) await groups.delete(group.id);
      await append('scim-groups-deleted', actor, { ids: scimGroups.map((g) => g.id) });
      return scimGroups.length;
    },
    /**
     * At SSO sign-in: the user joins every group mapped to one of `ssoGroups` and leaves the groups it joined this way
     * that are no longer mapped. Memberships an admin gave by hand are left alone.
     */
    async syncSsoGroups(userId: number, ssoGroups: string[], actor: Actor): Promise<void> {
      const wanted = await groups.mappedTo(ssoGroups);
      const wantedIds = new Set(wanted.map((g) => g.id));
      for (const group of wanted) {
        if (await groups.addSyncedMember(group.id, userId))
          await append('group-user-added', actor, { groupId: group.id, group: group.name, userId });
      }
      for (const group of await groups.syncedGroupsOf(userId)) {
        if (wantedIds.has(group.id)) continue;
        await groups.removeMember(group.id, userId);
        await append('group-user-removed', actor, null, { groupId: group.id, group: group.name, userId });
      }
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
