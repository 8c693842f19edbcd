import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { bootstrap } from '../bootstrap.ts';
import { readConfig, type Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createKeyring, type Keyring } from '../db/sealed-secrets.ts';
import { type PredefinedRootRole, ROLE_IDS } from '@switchyard/access';
import { hashPassword } from '../features/identity/users/password.ts';
import { createUserStore } from '../features/identity/users/user-store.ts';
import { createProjectAccessStore } from '../features/governance/project-access/project-access-store.ts';
import { createTestDb } from './test-db.ts';

export const ADMIN_TOKEN = '*:*.test-admin-token';
export const CLIENT_TOKEN = '*:development.test-client-token';
export const FRONTEND_TOKEN = '*:development.test-frontend-token';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The app's keyring: SECRETS_KEY (and SECRETS_KEY_PREVIOUS) when the test gives it, else a key of its own. */
  secrets: Keyring;
  /** A request as the admin token, JSON by default. */
  admin(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * A request as a signed-in user with the given root role; `memberOf` makes that user a Member of those projects
   * (an Editor works only in `default` and the projects it is a member of).
   */
  as(
    role: PredefinedRootRole,
    options?: { memberOf?: string[] },
  ): Promise<(options: InjectOptions) => Promise<LightMyRequestResponse>>;
  close(): Promise<void>;
};

/** A whole app over its own fresh database, with admin, client and frontend tokens ready. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDb();
  const config = readConfig({
    INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
    INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
    INIT_FRONTEND_API_TOKENS: FRONTEND_TOKEN,
    LOG_LEVEL: 'silent',
    // Reports written as they come, so a test reads what it posted (client-report-buffer.test.ts flushes itself).
    METRICS_FLUSH_SECONDS: '0',
    ...env,
  });
  await bootstrap(db, config);
  const secrets = createKeyring(config.secrets.key ?? randomBytes(32), config.secrets.previous);
  const app = await buildApp({ db, config, secrets });
  const sessions = new Map<string, string>();

  const withAuth = (headers: Record<string, string>) => (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...headers, ...(options.headers as Record<string, string>) } });

  return {
    app,
    db,
    config,
    secrets,
    admin: withAuth({ authorization: ADMIN_TOKEN }),
    async as(role, options = {}) {
      const memberOf = options.memberOf ?? [];
      const key = [role, ...memberOf].join(' ');
      let cookie = sessions.get(key);
      if (!cookie) {
        const username = `test-${role.toLowerCase()}${memberOf.length ? `-in-${memberOf.join('-')}` : ''}`;
        const user = await createUserStore(db).insert({
          username,
          rootRole: ROLE_IDS[role],
          passwordHash: await hashPassword('password-1234'),
        });
        for (const project of memberOf) {
          await createProjectAccessStore(db).addUserRoles(project, user.id, [ROLE_IDS.Member], 'test');
        }
        const login = await app.inject({
          method: 'POST',
          url: '/auth/simple/login',
          payload: { username, password: 'password-1234' },
        });
        const setCookie = login.cookies[0];
        if (!setCookie) throw new Error(`login as ${role} failed: ${login.body}`);
        cookie = `${setCookie.name}=${setCookie.value}`;
        sessions.set(key, cookie);
      }
      return withAuth({ cookie });
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
