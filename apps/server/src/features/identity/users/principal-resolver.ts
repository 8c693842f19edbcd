import type { Db } from '../../../db/db.ts';
import type { Principal, PrincipalResolver } from '../../../http/auth.ts';
import { isExpired, type ApiToken } from '../api-tokens/api-token.ts';
import { createApiTokenStore } from '../api-tokens/api-token-store.ts';
import { createScimSettingsStore } from '../scim/scim-settings-store.ts';
import { createPatStore } from './pat-store.ts';
import { createSessionStore } from './session-store.ts';
import { createUserStore } from './user-store.ts';

/** API token lookups are cached: SDKs send the same secret thousands of times a minute. */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX = 10_000;
/** How often a personal or service-account token's last use is written. */
const PAT_SEEN_MS = 60_000;

type CachedToken = { token: ApiToken | undefined; principal: Principal | undefined; at: number };

/**
 * Resolves session cookies, API tokens and personal access tokens to who is calling. Cached token lookups
 * are forgotten on every change event (token deleted or expiry changed), in every process.
 */
export function createPrincipalResolver(db: Db): PrincipalResolver {
  const users = createUserStore(db);
  const sessions = createSessionStore(db);
  const tokens = createApiTokenStore(db);
  const pats = createPatStore(db);
  const scim = createScimSettingsStore(db);
  const cache = new Map<string, CachedToken>();
  const patSeenAt = new Map<number, number>();

  const userPrincipal = async (userId: number): Promise<Principal | undefined> => {
    const user = await users.findById(userId);
    if (!user?.active) return undefined;
    return {
      kind: 'user',
      userId: user.id,
      username: user.username ?? user.email ?? `user-${user.id}`,
      rootRole: user.rootRole,
    };
  };

  const lookUpToken = async (secret: string): Promise<CachedToken> => {
    const token = await tokens.findBySecret(secret);
    const principal: Principal | undefined = token && {
      kind: 'token',
      tokenId: token.id,
      tokenName: token.tokenName,
      type: token.type,
      environment: token.environment,
      projects: token.projects,
    };
    return { token, principal, at: Date.now() };
  };

  return {
    async fromSession(sessionId) {
      const userId = await sessions.findUserId(sessionId);
      return userId === undefined ? undefined : userPrincipal(userId);
    },
    async fromSecret(secret) {
      if (secret.startsWith('user:')) {
        const pat = await pats.findActiveBySecret(secret);
        if (!pat) return undefined;
        // The store writes at most once a minute anyway; remembering it here spares the query in between.
        if (Date.now() - (patSeenAt.get(pat.id) ?? 0) > PAT_SEEN_MS) {
          patSeenAt.set(pat.id, Date.now());
          await pats.markSeen(pat.id);
        }
        const principal = await userPrincipal(pat.userId);
        return principal && { ...principal, viaPat: true };
      }
      let entry = cache.get(secret);
      if (!entry || Date.now() - entry.at > TOKEN_CACHE_MS) {
        entry = await lookUpToken(secret);
        if (cache.size >= TOKEN_CACHE_MAX) cache.clear();
        cache.set(secret, entry);
      }
      if (!entry.token || isExpired(entry.token)) return undefined;
      return entry.principal;
    },
    cachedToken(secret) {
      const entry = cache.get(secret);
      if (!entry || Date.now() - entry.at > TOKEN_CACHE_MS || !entry.token || isExpired(entry.token))
        return undefined;
      return entry.principal;
    },
    forget() {
      cache.clear();
    },
    scimToken: (secret) => scim.verify(secret),
  };
}
