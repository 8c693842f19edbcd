import { randomUUID } from 'node:crypto';
import { ROLE_IDS } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createUserStore } from '../users/user-store.ts';
import { patchUser, type PatchOperation } from './scim-patch.ts';
import { createScimUserStore, USER_FILTERS } from './scim-user-store.ts';
import { pageOf, parseFilter, ScimError, type ScimUser, type ScimUserInput } from './scim.ts';

/** Who SCIM's changes are recorded as in the event log. */
export const SCIM_ACTOR = 'scim';

/**
 * Users as an identity provider provisions them. New users get the Viewer root role (SCIM maps no roles); a
 * deactivated or deleted user loses every session and personal access token in the same transaction.
 */
export function createScimUserService(db: Db) {
  const scimUsers = createScimUserStore(db);
  const users = createUserStore(db);
  const events = createEventStore(db);
  const record = (type: string, user: ScimUser, preData?: ScimUser) =>
    events.append({
      type,
      createdBy: SCIM_ACTOR,
      data: type === 'user-deleted' ? null : summary(user),
      preData: preData && summary(preData),
    });
  const summary = (user: ScimUser) => ({
    id: user.userId,
    scimId: user.id,
    username: user.userName,
    email: user.email,
    name: user.name,
    active: user.active,
  });

  async function find(scimId: string): Promise<ScimUser> {
    const user = await scimUsers.findByScimId(scimId);
    if (!user) throw new ScimError(404, `No SCIM user with id "${scimId}"`);
    return user;
  }

  /** Writes `input` over the user, and deactivates or reactivates it when `active` changes. */
  async function write(before: ScimUser, input: ScimUserInput): Promise<ScimUser> {
    await scimUsers.update(before.userId, input);
    if (input.active !== before.active) await users.setActive(before.userId, input.active);
    const after = await find(before.id);
    await record('user-updated', after, before);
    return after;
  }

  return {
    get: find,
    list(query: { filter?: string; startIndex?: number; count?: number }) {
      return scimUsers.list(parseFilter(query.filter, USER_FILTERS), pageOf(query));
    },
    async create(input: ScimUserInput): Promise<ScimUser> {
      const created = await scimUsers.insert(randomUUID(), input, ROLE_IDS.Viewer);
      if (!input.active) await users.setActive(created.userId, false);
      const user = await find(created.id);
      await record('user-created', user);
      return user;
    },
    async replace(scimId: string, input: ScimUserInput): Promise<ScimUser> {
      return write(await find(scimId), input);
    },
    async patch(scimId: string, operations: PatchOperation[]): Promise<ScimUser> {
      const before = await find(scimId);
      const { userName, externalId, email, name, active } = before;
      return write(before, patchUser({ userName, externalId, email, name, active }, operations));
    },
    /** Removes the user as a deleted user is removed: the row stays for the event log, every credential ends. */
    async delete(scimId: string): Promise<void> {
      const before = await find(scimId);
      await users.delete(before.userId);
      await record('user-deleted', before, before);
    },
  };
}
