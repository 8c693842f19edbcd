import type { Db } from '../../../db/db.ts';
import {
  OIDC_DEFAULTS,
  SAML_DEFAULTS,
  type OidcSettings,
  type PasswordSettings,
  type SamlSettings,
} from './sso-settings.ts';

const NAMES = { oidc: 'sso-oidc', saml: 'sso-saml', password: 'password-login' } as const;
type Kind = keyof typeof NAMES;
type SettingsOf = { oidc: OidcSettings; saml: SamlSettings; password: PasswordSettings };
const DEFAULTS: SettingsOf = { oidc: OIDC_DEFAULTS, saml: SAML_DEFAULTS, password: { disabled: false } };

/**
 * Single sign-on and password-login settings, in the `settings` table. Read on every sign-in, so a change made
 * through any process applies to every process at once.
 */
export function createSsoSettingsStore(db: Db) {
  async function get<K extends Kind>(kind: K, forUpdate = false): Promise<SettingsOf[K]> {
    const [row] = await db.query<{ value: Partial<SettingsOf[K]> }>(
      `SELECT value FROM settings WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [NAMES[kind]],
    );
    return { ...DEFAULTS[kind], ...row?.value };
  }
  async function set<K extends Kind>(kind: K, value: SettingsOf[K]): Promise<void> {
    await db.query(
      `INSERT INTO settings (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [NAMES[kind], value],
    );
  }
  return {
    get,
    set,
    /** Serialises changes to the sign-in settings, so two admins cannot together switch every sign-in off. */
    async lock(): Promise<void> {
      await db.query(
        `INSERT INTO settings (name, value) VALUES ('sign-in-settings-lock', '{}') ON CONFLICT (name) DO NOTHING`,
      );
      await db.query(`SELECT name FROM settings WHERE name = 'sign-in-settings-lock' FOR UPDATE`);
    },
    passwordDisabled: async () => (await get('password')).disabled,
    /** Admins single sign-on could find: people (not service accounts) with the Admin root role and an email. */
    async adminsWithEmail(): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users
          WHERE deleted_at IS NULL AND NOT is_service AND root_role_id = 1 AND email IS NOT NULL`,
      );
      return row!.count;
    },
  };
}

export type SsoSettingsStore = ReturnType<typeof createSsoSettingsStore>;
