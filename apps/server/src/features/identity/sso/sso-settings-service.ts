import type { Config } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import {
  checkOidc,
  checkSaml,
  effectiveOidc,
  oidcFromEnvironment,
  SsoSettingsRuleError,
  type OidcSettings,
  type PasswordSettings,
  type SamlSettings,
} from './sso-settings.ts';
import { createSsoSettingsStore, type SsoSettingsStore } from './sso-settings-store.ts';

/** What a write-only secret reads as once saved; sent back unchanged, it keeps the saved secret. */
export const SECRET_MASK = '********';

/** What the client secret is sealed for (db/sealed-secrets.ts): it opens in this field only. */
const CLIENT_SECRET = 'settings.sso-oidc.clientSecret';

/** Settings as an admin sees them: secrets masked, and the fields the environment decides. */
export type SettingsView<T> = { settings: T; fromEnvironment: (keyof T)[] };

const OIDC_FIELDS = Object.keys(oidcKeys()) as (keyof OidcSettings)[];
function oidcKeys(): Record<keyof OidcSettings, true> {
  return {
    enabled: true,
    issuer: true,
    clientId: true,
    clientSecret: true,
    buttonText: true,
    autoCreate: true,
    defaultRootRole: true,
    allowedDomains: true,
    groupSync: true,
    groupsField: true,
  };
}

const masked = (secret: string | undefined) => (secret ? SECRET_MASK : undefined);
const maskOidc = (settings: OidcSettings): OidcSettings => ({
  ...settings,
  clientSecret: masked(settings.clientSecret),
});

/** Reads and changes the sign-in settings: OIDC, SAML and password login, with the rule that keeps admins in. */
export function createSsoSettingsService(db: Db, config: Config, secrets: Keyring) {
  const store = createSsoSettingsStore(db);
  /** The saved settings with the client secret opened: for signing in, the one place it is needed in clear. */
  const openedOidc = async (): Promise<OidcSettings> => {
    const saved = await store.get('oidc');
    return { ...saved, clientSecret: saved.clientSecret && secrets.open(saved.clientSecret, CLIENT_SECRET) };
  };

  /** Refuses a change after which no admin could sign in: password login off needs single sign-on for an admin. */
  async function checkSomeAdminCanSignIn(tx: SsoSettingsStore, field: string): Promise<void> {
    if (!(await tx.passwordDisabled())) return;
    const oidc = effectiveOidc(config, await tx.get('oidc'));
    const saml = await tx.get('saml');
    if (!oidc.enabled && !saml.enabled)
      throw new SsoSettingsRuleError(
        field,
        'password login is disabled, so single sign-on (OIDC or SAML) must stay enabled: otherwise nobody could sign in',
      );
    if ((await tx.adminsWithEmail()) === 0)
      throw new SsoSettingsRuleError(
        field,
        'no admin has an email address single sign-on could match, so password login must stay enabled',
      );
  }

  /** One change: checked, saved, checked against the lock-out rule and recorded, all in one transaction. */
  async function change<T>(
    kind: 'oidc' | 'saml' | 'password',
    next: (saved: T, tx: SsoSettingsStore) => T,
    check: (settings: T) => void,
    field: string,
    actor: Actor,
    forEvent: (settings: T) => unknown,
  ): Promise<T> {
    return inTransaction(db, async (txDb) => {
      const tx = createSsoSettingsStore(txDb);
      await tx.lock();
      const saved = (await tx.get(kind)) as T;
      const settings = next(saved, tx);
      check(settings);
      await tx.set(kind, settings as never);
      await checkSomeAdminCanSignIn(tx, field);
      await createEventStore(txDb).append({
        type: `${kind === 'password' ? 'password-login' : kind}-settings-updated`,
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: forEvent(settings),
        preData: forEvent(saved),
      });
      return settings;
    });
  }

  async function viewOidc(): Promise<SettingsView<OidcSettings>> {
    const fromEnvironment = oidcFromEnvironment(config) ? OIDC_FIELDS : [];
    return { settings: maskOidc(effectiveOidc(config, await store.get('oidc'))), fromEnvironment };
  }
  async function viewSaml(): Promise<SettingsView<SamlSettings>> {
    return { settings: await store.get('saml'), fromEnvironment: [] };
  }

  return {
    /** The OIDC settings in force, secret included: for signing in only. */
    oidc: async () => effectiveOidc(config, await openedOidc()),
    saml: () => store.get('saml'),
    passwordDisabled: () => store.passwordDisabled(),

    viewOidc,
    viewSaml,
    viewPassword: (): Promise<PasswordSettings> => store.get('password'),

    /**
     * Saves OIDC settings: fields left out keep their saved value, a secret sent back as the mask (or left out)
     * stays, an empty one is removed. While OIDC_ISSUER is set the environment decides and the change is kept for
     * when it is not.
     */
    async setOidc(changes: Partial<OidcSettings>, actor: Actor): Promise<SettingsView<OidcSettings>> {
      await change<OidcSettings>(
        'oidc',
        (saved) => ({
          ...saved,
          ...changes,
          // Stored sealed: a kept secret is sealed again only when an older key sealed it.
          clientSecret:
            changes.clientSecret === undefined || changes.clientSecret === SECRET_MASK
              ? saved.clientSecret && secrets.refresh(saved.clientSecret, CLIENT_SECRET)
              : changes.clientSecret
                ? secrets.seal(changes.clientSecret, CLIENT_SECRET)
                : undefined,
        }),
        checkOidc,
        'enabled',
        actor,
        maskOidc,
      );
      return viewOidc();
    },
    async setSaml(changes: Partial<SamlSettings>, actor: Actor): Promise<SettingsView<SamlSettings>> {
      await change<SamlSettings>(
        'saml',
        (saved) => ({ ...saved, ...changes }),
        checkSaml,
        'enabled',
        actor,
        (settings) => settings,
      );
      return viewSaml();
    },
    async setPassword(settings: PasswordSettings, actor: Actor): Promise<PasswordSettings> {
      return change<PasswordSettings>(
        'password',
        () => settings,
        () => undefined,
        'disabled',
        actor,
        (value) => value,
      );
    },
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;

/**
 * At start: seals a client secret saved in clear (before sealing existed), or sealed by an older key, with the
 * current key. Throws SecretsKeyError (naming SECRETS_KEY) when no key of the keyring opens it.
 */
export async function resealOidcSecret(db: Db, secrets: Keyring): Promise<number> {
  return inTransaction(db, async (tx) => {
    const store = createSsoSettingsStore(tx);
    const saved = await store.get('oidc', true);
    if (!saved.clientSecret) return 0;
    const sealed = secrets.refresh(saved.clientSecret, CLIENT_SECRET);
    if (sealed === saved.clientSecret) return 0;
    await store.set('oidc', { ...saved, clientSecret: sealed });
    return 1;
  });
}
