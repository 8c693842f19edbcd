import { ROLE_IDS } from '@switchyard/access';
import type { Config } from './config.ts';
import { inTransaction, type Db } from './db/db.ts';
import { createApiTokenService } from './features/identity/api-tokens/api-token-service.ts';
import { hashPassword } from './features/identity/users/password.ts';
import { createUserStore } from './features/identity/users/user-store.ts';

const BOOTSTRAP_LOCK = 7_424_243;

/** First-start setup: the admin user when there are no users, and the tokens named in INIT_*_API_TOKENS. */
export async function bootstrap(
  db: Db,
  config: Config,
  log: (message: string) => void = () => {},
): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Several processes may start at once on one PostgreSQL: only one of them creates what is missing.
    if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
    const users = createUserStore(tx);
    if ((await users.count()) === 0) {
      await users.insert({
        username: config.defaultAdmin.username,
        name: 'Admin',
        rootRole: ROLE_IDS.Admin,
        passwordHash: await hashPassword(config.defaultAdmin.password),
      });
      log(`created the admin user "${config.defaultAdmin.username}"`);
    }
    const tokens = createApiTokenService(tx);
    const created =
      (await tokens.ensureInitTokens('admin', config.initAdminTokens, log)) +
      (await tokens.ensureInitTokens('client', config.initClientTokens, log)) +
      (await tokens.ensureInitTokens('frontend', config.initFrontendTokens, log));
    if (created) log(`created ${created} API token(s) from INIT_*_API_TOKENS`);
  });
}
