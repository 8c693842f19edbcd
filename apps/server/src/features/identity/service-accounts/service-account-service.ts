import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createPatStore, type PersonalAccessToken } from '../users/pat-store.ts';
import { newPatSecret, futureDate } from '../users/pat.ts';
import type { User } from '../users/user.ts';
import { createUserStore } from '../users/user-store.ts';

export type ServiceAccount = User & { tokens: PersonalAccessToken[] };

/**
 * Service accounts: users that never sign in and act only through their tokens, with a root role like
 * anyone else. Admins manage them; every change is an event, and no event holds a token secret.
 */
export function createServiceAccountService(db: Db) {
  const users = createUserStore(db);
  const pats = createPatStore(db);
  const events = createEventStore(db);

  async function find(id: number): Promise<User> {
    const user = await users.findById(id);
    if (!user?.isService) throw new NotFoundError(`Could not find a service account with id ${id}`);
    return user;
  }
  const withTokens = async (user: User): Promise<ServiceAccount> => ({
    ...user,
    tokens: await pats.listForUser(user.id),
  });
  const summary = (user: User) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    rootRole: user.rootRoleName,
  });
  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });

  return {
    async list(): Promise<ServiceAccount[]> {
      return Promise.all((await users.list({ service: true })).map(withTokens));
    },
    async create(
      input: { username: string; name?: string; rootRole: number },
      actor: Actor,
    ): Promise<ServiceAccount> {
      const user = await users.insert({ ...input, isService: true });
      await append('service-account-created', actor, summary(user));
      return withTokens(user);
    },
    async update(
      id: number,
      changes: { name?: string; rootRole?: number },
      actor: Actor,
    ): Promise<ServiceAccount> {
      const before = await find(id);
      const after = await users.update(id, changes);
      await append('service-account-updated', actor, summary(after), summary(before));
      return withTokens(after);
    },
    /** Its tokens stop working at once; past events keep its name. */
    async delete(id: number, actor: Actor): Promise<void> {
      const before = await find(id);
      await users.delete(id);
      await append('service-account-deleted', actor, null, summary(before));
    },
    async tokens(id: number): Promise<PersonalAccessToken[]> {
      await find(id);
      return pats.listForUser(id);
    },
    async createToken(
      id: number,
      input: { description: string; expiresAt: string },
      actor: Actor,
    ): Promise<{ token: PersonalAccessToken; secret: string }> {
      const account = await find(id);
      const secret = newPatSecret();
      const token = await pats.insert({
        userId: id,
        description: input.description,
        secret,
        expiresAt: futureDate(input.expiresAt),
      });
      await append('service-account-token-created', actor, {
        serviceAccount: account.username,
        tokenId: token.id,
        description: token.description,
        expiresAt: token.expiresAt,
      });
      return { token, secret };
    },
    async deleteToken(id: number, tokenId: number, actor: Actor): Promise<void> {
      const account = await find(id);
      if (!(await pats.delete(id, tokenId)))
        throw new NotFoundError(`Service account ${account.username} has no token with id ${tokenId}`);
      await append('service-account-token-deleted', actor, null, {
        serviceAccount: account.username,
        tokenId,
      });
    },
  };
}

export type ServiceAccountService = ReturnType<typeof createServiceAccountService>;
