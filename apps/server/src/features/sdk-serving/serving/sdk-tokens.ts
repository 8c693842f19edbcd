import type { Db } from '../../../db/db.ts';
import { createApiTokenStore, isExpired } from '../../identity/index.ts';
import type { ServedToken } from './token-scope.ts';

/** Looks secrets up as the SDK handler serves them: the valid client and frontend tokens among them. */
export type SdkTokenLookup = (secrets: string[]) => Promise<ServedToken[]>;

/**
 * The lookup for answers given outside Fastify (sdk-handler.ts, in the server and in its workers): the same table
 * and expiry rule as the principal resolver, with the expiry kept so a cached token stops when it expires.
 */
export function createSdkTokenLookup(db: Db): SdkTokenLookup {
  const store = createApiTokenStore(db);
  return async (secrets) => {
    const found: ServedToken[] = [];
    for (const secret of secrets) {
      if (secret.startsWith('user:')) continue;
      const token = await store.findBySecret(secret);
      if (!token || isExpired(token) || (token.type !== 'client' && token.type !== 'frontend')) continue;
      found.push({
        token: secret,
        type: token.type,
        environment: token.environment,
        projects: token.projects,
        ...(token.expiresAt ? { expiresAt: token.expiresAt.getTime() } : {}),
      });
    }
    return found;
  };
}
