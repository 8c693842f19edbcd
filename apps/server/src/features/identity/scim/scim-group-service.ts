import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import type { Group } from '../groups/group.ts';
import { createGroupService } from '../groups/group-service.ts';
import { createGroupStore } from '../groups/group-store.ts';
import type { GroupPatch } from './scim-patch.ts';
import { createScimUserStore } from './scim-user-store.ts';
import { SCIM_ACTOR } from './scim-user-service.ts';
import { pageOf, parseFilter, ScimError, type ScimGroup } from './scim.ts';

const ACTOR = { name: SCIM_ACTOR, userId: null };

/** What a SCIM request says about a group. */
export type ScimGroupInput = { displayName: string; externalId: string | null; memberIds: string[] };

/**
 * Groups as an identity provider provisions them, through the groups feature: SCIM members become group members
 * and hold the group's roles. Roles, SSO mappings and project access stay with Switchyard's admins.
 */
export function createScimGroupService(db: Db) {
  const groups = createGroupStore(db);
  const service = createGroupService(db);
  const scimUsers = createScimUserStore(db);

  const toScimGroup = async (group: Group): Promise<ScimGroup> => {
    const scimIds = await scimUsers.scimIdsOf(group.users.map((u) => u.user.id));
    return {
      id: group.scimId!,
      groupId: group.id,
      externalId: group.scimExternalId,
      displayName: group.name,
      members: group.users.flatMap((u) => {
        const value = scimIds.get(u.user.id);
        return value ? [{ value, display: u.user.name ?? u.user.email ?? u.user.username }] : [];
      }),
      createdAt: group.createdAt,
    };
  };

  async function find(scimId: string): Promise<Group> {
    const group = await groups.findByScimId(scimId);
    if (!group) throw new ScimError(404, `No SCIM group with id "${scimId}"`);
    return group;
  }

  async function userIdsOf(memberIds: string[]): Promise<number[]> {
    const { ids, unknown } = await scimUsers.userIdsOf([...new Set(memberIds)]);
    if (unknown !== undefined)
      throw new ScimError(400, `No SCIM user with id "${unknown}" to add as a member`, 'invalidValue');
    return ids;
  }

  /** Writes name, external id and members; what admins set (description, root role, SSO mappings) stays. */
  async function write(
    before: Group,
    input: { displayName: string; externalId: string | null },
    userIds: number[],
  ) {
    const request = {
      name: input.displayName,
      description: before.description,
      mappingsSSO: before.mappingsSso,
      rootRole: before.rootRole,
      users: userIds.map((id) => ({ user: { id } })),
    };
    const after = await service.update(before.id, request, ACTOR, {
      scim: { id: before.scimId!, externalId: input.externalId },
    });
    return toScimGroup(after);
  }

  const named = async (name: string, work: () => Promise<ScimGroup>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Error && error.name === 'NameExistsError')
        throw new ScimError(409, `A group named "${name}" already exists`, 'uniqueness');
      throw error;
    }
  };

  return {
    get: async (scimId: string) => toScimGroup(await find(scimId)),
    async list(query: { filter?: string; startIndex?: number; count?: number }) {
      const filter = parseFilter(query.filter, ['displayName', 'externalId']);
      const all = await groups.listScim(filter?.attribute === 'displayName' ? filter.value : undefined);
      const matching =
        filter?.attribute === 'externalId' ? all.filter((g) => g.scimExternalId === filter.value) : all;
      const page = pageOf(query);
      const slice = matching.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
      return { groups: await Promise.all(slice.map(toScimGroup)), total: matching.length };
    },
    create(input: ScimGroupInput): Promise<ScimGroup> {
      return named(input.displayName, async () => {
        const userIds = await userIdsOf(input.memberIds);
        const request = { name: input.displayName, users: userIds.map((id) => ({ user: { id } })) };
        const group = await service.create(request, ACTOR, {
          id: randomUUID(),
          externalId: input.externalId,
        });
        return toScimGroup(group);
      });
    },
    replace(scimId: string, input: ScimGroupInput): Promise<ScimGroup> {
      return named(input.displayName, async () =>
        write(await find(scimId), input, await userIdsOf(input.memberIds)),
      );
    },
    async patch(scimId: string, patch: GroupPatch): Promise<ScimGroup> {
      const before = await find(scimId);
      const displayName = patch.displayName ?? before.name;
      const externalId = patch.externalId === undefined ? before.scimExternalId : patch.externalId;
      let members = new Set(before.users.map((u) => u.user.id));
      for (const step of patch.steps) {
        if (step.kind === 'clear') members = new Set();
        else if (step.kind === 'set') members = new Set(await userIdsOf(step.ids));
        else if (step.kind === 'add') for (const id of await userIdsOf(step.ids)) members.add(id);
        else {
          // Removing someone who is not (or no longer) a member is no error: the end state is what was asked for.
          const { ids } = await scimUsers.userIdsOf(step.ids);
          for (const id of ids) members.delete(id);
        }
      }
      return named(displayName, () => write(before, { displayName, externalId }, [...members]));
    },
    async delete(scimId: string): Promise<void> {
      await service.delete((await find(scimId)).id, ACTOR, 'scim');
    },
  };
}
