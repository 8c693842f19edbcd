import { ROLE_IDS } from '@switchyard/access';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { futureDate } from '../users/pat.ts';
import { hashPassword } from '../users/password.ts';
import type { User } from '../users/user.ts';
import { createUserStore } from '../users/user-store.ts';
import { usable, type InviteLink } from './invite-link.ts';
import { createInviteLinkStore } from './invite-link-store.ts';

/** Invite links: admins make them; whoever holds a usable one creates their own account with its role. */
export function createInviteLinkService(db: Db) {
  const links = createInviteLinkStore(db);
  const events = createEventStore(db);

  /** A link as an admin names it: by its secret or by the masked secret lists show. */
  async function find(key: string): Promise<InviteLink> {
    const link = await links.findByKey(key);
    if (!link) throw new NotFoundError('Could not find that invite link');
    return link;
  }
  /** The link, if someone may sign up with it now; otherwise a 400 that says the link cannot be used. */
  async function findUsable(secret: string): Promise<InviteLink> {
    const link = await links.findBySecret(secret);
    if (!link || !usable(link))
      throw new BadDataError('This invite link cannot be used: it expired, was turned off or never existed');
    return link;
  }
  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });
  const summary = (link: InviteLink) => ({
    name: link.name,
    enabled: link.enabled,
    expiresAt: link.expiresAt,
    rootRole: link.rootRole.name,
  });

  return {
    list: () => links.list(),
    get: find,
    findUsable,
    /** Makes a link; its secret is in the answer and nowhere else, since only its hash is stored. */
    async create(
      input: { name: string; expiresAt: string },
      actor: Actor,
    ): Promise<{ link: InviteLink; secret: string }> {
      const secret = randomBytes(24).toString('hex');
      await links.insert({
        secret,
        name: input.name,
        expiresAt: futureDate(input.expiresAt, '/body/expiresAt'),
        rootRoleId: ROLE_IDS.Viewer,
        createdBy: actor.name,
      });
      const link = await find(secret);
      await append('public-signup-token-created', actor, summary(link));
      return { link, secret };
    },
    async update(
      key: string,
      change: { enabled?: boolean; expiresAt?: string },
      actor: Actor,
    ): Promise<InviteLink> {
      const before = await find(key);
      await links.update(before.secretHash, {
        enabled: change.enabled,
        expiresAt:
          change.expiresAt === undefined ? undefined : futureDate(change.expiresAt, '/body/expiresAt'),
      });
      const after = await find(before.displaySecret);
      await append('public-signup-token-updated', actor, summary(after), summary(before));
      return after;
    },
    /** Creates the person's account with the link's role and records which link they came through. */
    async signUp(
      secret: string,
      input: { name: string; email: string; username?: string; password: string },
    ): Promise<User> {
      const link = await findUsable(secret);
      const user = await createUserStore(db).insert({
        name: input.name,
        email: input.email.toLowerCase(),
        username: input.username,
        rootRole: link.rootRole.id,
        passwordHash: await hashPassword(input.password),
      });
      await links.addUser(link.secretHash, user.id);
      await events.append({
        type: 'user-created',
        createdBy: user.email ?? `user-${user.id}`,
        createdByUserId: user.id,
        data: {
          id: user.id,
          email: user.email,
          rootRole: user.rootRoleName,
          source: 'invite-link',
          inviteLink: link.name,
        },
      });
      return user;
    },
  };
}

export type InviteLinkService = ReturnType<typeof createInviteLinkService>;
