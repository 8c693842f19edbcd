import { sessionClientOf } from '../sessions/session.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { safeRedirectPath } from '../../../http/safe-redirect.ts';
import { createGroupService } from '../groups/group-service.ts';
import type { LoginRecorder } from '../login-history/login-recorder.ts';
import { setSessionCookie } from '../users/session-cookie.ts';
import { createSessionStore } from '../users/session-store.ts';
import { createUserStore } from '../users/user-store.ts';
import type { SignedInIdentity } from './oidc-client.ts';
import type { SignUpRules } from './sso-settings.ts';
import { SignInRefused, userForIdentity } from './sso-users.ts';

export type SsoDeps = { db: Db; config: Config; recordLogin: LoginRecorder; secrets: Keyring };

/** Back to the sign-in page with a message it shows. */
export const failurePage = (message: string) => `/?sso-error=${encodeURIComponent(message)}`;

/**
 * The last steps of every single sign-on: the user, their synced groups, the session, the login history.
 * A provider that posts its answer (SAML) gets 303, so the browser goes on with a GET.
 */
export function createSsoSignIn(deps: SsoDeps, method: 'oidc' | 'saml', redirectStatus: 302 | 303 = 302) {
  /** Records the failure and sends the browser back to the sign-in page with `message`. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string | null,
    message: string,
    failureReason = message,
  ) {
    await deps.recordLogin(request, { username, authType: method, successful: false, failureReason });
    return reply.redirect(failurePage(message), redirectStatus);
  }
  return {
    refuse,
    /** Signs in whom the provider vouched for and goes on to `redirect`, a path inside Switchyard. */
    async complete(
      request: FastifyRequest,
      reply: FastifyReply,
      identity: SignedInIdentity,
      rules: SignUpRules,
      redirect: string,
    ) {
      try {
        const user = await userForIdentity(deps.db, identity, rules, method);
        const groups = identity.groups;
        if (groups)
          await inTransaction(deps.db, (tx) =>
            createGroupService(tx).syncSsoGroups(user.id, groups, { name: 'sso-sync', userId: null }),
          );
        const session = await createSessionStore(deps.db).create(
          user.id,
          deps.config.sessionMaxAgeHours,
          sessionClientOf(request),
        );
        await createUserStore(deps.db).markSeen(user.id);
        await deps.recordLogin(request, {
          username: identity.email ?? null,
          authType: method,
          successful: true,
        });
        setSessionCookie(reply, session, deps.config.publicUrl);
        // Checked again: what comes back through the browser may not be what we sent.
        return reply.redirect(safeRedirectPath(redirect), redirectStatus);
      } catch (error) {
        if (error instanceof SignInRefused)
          return refuse(request, reply, identity.email ?? null, error.message);
        throw error;
      }
    },
  };
}
