import { ROLE_IDS } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { NameExistsError } from '../../../http/errors.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { User } from '../users/user.ts';
import { createUserStore } from '../users/user-store.ts';
import type { SignedInIdentity } from './oidc-client.ts';
import type { SignUpRules } from './sso-settings.ts';

/** Why someone the provider signed in may not use Switchyard, in words for the sign-in page. */
export class SignInRefused extends Error {}

/**
 * The Switchyard user for someone the provider signed in: the user with that email, or (when allowed) a new one
 * with the default root role.
 */
export async function userForIdentity(
  db: Db,
  identity: SignedInIdentity,
  settings: SignUpRules,
  source: 'oidc' | 'saml',
): Promise<User> {
  const users = createUserStore(db);
  if (!identity.email)
    throw new SignInRefused(
      'Your provider did not share an email address, which Switchyard needs to find you.',
    );
  if (!identity.emailVerified)
    throw new SignInRefused(`Your provider has not verified ${identity.email}; verify it there first.`);
  const existing = await users.findForLogin(identity.email);
  if (existing) return existing.user;
  if (!settings.autoCreate)
    throw new SignInRefused(`No Switchyard user has the email ${identity.email}. Ask an admin to add you.`);
  const domain = identity.email.split('@')[1] ?? '';
  if (settings.allowedDomains.length && !settings.allowedDomains.includes(domain))
    throw new SignInRefused(`People from ${domain} cannot get an account here. Ask an admin to add you.`);
  try {
    const user = await users.insert({
      email: identity.email,
      name: identity.name,
      rootRole: ROLE_IDS[settings.defaultRootRole],
    });
    await createEventStore(db).append({
      type: 'user-created',
      createdBy: 'single sign-on',
      duringSignIn: true,
      data: { id: user.id, email: user.email, rootRole: user.rootRoleName, source },
    });
    return user;
  } catch (error) {
    // Two first sign-ins at once: the other one created the user.
    const raced = error instanceof NameExistsError ? await users.findForLogin(identity.email) : undefined;
    if (raced) return raced.user;
    throw error;
  }
}
