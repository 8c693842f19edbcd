import { inTransaction, type Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { type EmailSender, resetEmail, welcomeEmail } from '../../instance/index.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { hashPassword } from '../users/password.ts';
import { createSessionStore } from '../users/session-store.ts';
import type { User } from '../users/user.ts';
import { createUserStore } from '../users/user-store.ts';
import {
  LINK_HOURS,
  linkFor,
  newResetSecret,
  RESET_WINDOW_MINUTES,
  RESETS_PER_USER,
  usable,
  type ResetPurpose,
} from './reset-token.ts';
import { createResetTokenStore, type ResetTokenStore } from './reset-token-store.ts';

/** What became of a link: its address, and whether it went out by email. */
export type IssuedLink = { link: string; emailSent: boolean };

/**
 * Links that let a person set their password: in the welcome email of a new user, on request from the sign-in page,
 * or made by an admin (who gets the link to pass on when there is no email). `now` is the clock, for tests.
 */
export function createPasswordResetService(deps: {
  db: Db;
  publicUrl: string;
  email: EmailSender;
  now?: () => Date;
  /** A link that could not be emailed is still handed back to whoever asked; this hears why. */
  onEmailError?: (error: unknown) => void;
}) {
  const { db, email } = deps;
  const now = deps.now ?? (() => new Date());
  const tokens = createResetTokenStore(db);
  const users = createUserStore(db);

  /** Stores a new link of the user; returns its address. */
  async function makeLink(store: ResetTokenStore, user: User, purpose: ResetPurpose, createdBy: string) {
    const secret = newResetSecret();
    await store.insert({
      secret,
      userId: user.id,
      purpose,
      createdBy,
      expiresAt: new Date(now().getTime() + LINK_HOURS[purpose] * 3_600_000),
    });
    return linkFor(deps.publicUrl, purpose, secret);
  }

  /** Emails the link when email is configured and the user has an address. */
  async function deliver(user: User, purpose: ResetPurpose, link: string): Promise<IssuedLink> {
    if (!email.enabled || !user.email) return { link, emailSent: false };
    const hours = LINK_HOURS[purpose];
    const message =
      purpose === 'welcome'
        ? welcomeEmail({
            to: user.email,
            name: user.name,
            login: user.username ?? user.email,
            link,
            publicUrl: deps.publicUrl,
            expiresInHours: hours,
          })
        : resetEmail({ to: user.email, name: user.name, link, expiresInHours: hours });
    try {
      await email.send(message);
      return { link, emailSent: true };
    } catch (error) {
      deps.onEmailError?.(error);
      return { link, emailSent: false };
    }
  }

  const issue = async (user: User, purpose: ResetPurpose, createdBy: string) =>
    deliver(user, purpose, await makeLink(tokens, user, purpose, createdBy));

  return {
    /** Whether links can go out by email (EMAIL_HOST is set). */
    emails: email.enabled,
    /** A new user's link to set their first password, emailed when email is configured and they have an address. */
    welcome: (user: User, actor: Actor) => issue(user, 'welcome', actor.name),

    /**
     * An admin's reset link for a user named by email, username or id; the admin passes it on when it could not be
     * emailed.
     */
    async resetBy(key: string, actor: Actor): Promise<IssuedLink> {
      const user = /^\d{1,9}$/.test(key)
        ? await users.findPersonById(Number(key))
        : ((await users.findPersonByEmail(key)) ?? (await users.findForLogin(key))?.user);
      if (!user) throw new NotFoundError(`No user "${key}"`);
      return issue(user, 'reset', actor.name);
    },

    /**
     * The sign-in page's "Forgot password?": emails a link to the person with this address, if there is one and
     * email is configured. Says nothing back, so the answer cannot tell which addresses have accounts; a person gets
     * at most RESETS_PER_USER links per RESET_WINDOW_MINUTES from it, so the form cannot flood an inbox.
     */
    async requestByEmail(address: string): Promise<void> {
      if (!email.enabled) return;
      const user = await users.findPersonByEmail(address);
      if (!user) return;
      const since = new Date(now().getTime() - RESET_WINDOW_MINUTES * 60_000);
      // Counted and made under a lock on the user, so asks racing each other cannot pass the cap together.
      const link = await inTransaction(db, async (tx) => {
        const store = createResetTokenStore(tx);
        await store.lockUser(user.id);
        if ((await store.countMadeSince(user.id, 'reset', since)) >= RESETS_PER_USER) return undefined;
        return makeLink(store, user, 'reset', 'password-reset-form');
      });
      if (link) await deliver(user, 'reset', link);
    },

    /** The user a link belongs to, while it can still be used; undefined for a link that expired, was used or never existed. */
    async check(
      secret: string,
    ): Promise<{ user: User; purpose: ResetPurpose; createdBy: string } | undefined> {
      const token = await tokens.findBySecret(secret);
      if (!token || !usable(token, now())) return undefined;
      const user = await users.findPersonById(token.userId);
      return user && { user, purpose: token.purpose, createdBy: token.createdBy };
    },

    /**
     * Sets the password through a link and uses the link up, with every other link of that user; all of the user's
     * sessions end. False when the link cannot be used (nothing changed then).
     */
    async setPassword(secret: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password);
      return inTransaction(db, async (tx) => {
        const at = now();
        const userId = await createResetTokenStore(tx).consume(secret, at);
        if (userId === undefined) return false;
        const user = await createUserStore(tx).findPersonById(userId);
        if (!user) return false;
        await createUserStore(tx).setPasswordHash(userId, passwordHash);
        await createResetTokenStore(tx).useUpAllOf(userId, at);
        await createSessionStore(tx).endAllOf(userId);
        await createEventStore(tx).append({
          type: 'user-password-reset',
          createdBy: user.username ?? user.email ?? `user-${user.id}`,
          createdByUserId: user.id,
          data: { id: user.id, username: user.username, email: user.email, through: 'reset-link' },
        });
        return true;
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
