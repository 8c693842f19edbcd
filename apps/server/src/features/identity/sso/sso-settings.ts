import type { Config } from '../../../config.ts';

export type DefaultRootRole = 'Admin' | 'Editor' | 'Viewer';

/** Who may get an account on a first single sign-on, and with which root role. */
export type SignUpRules = {
  /** Create a user on the first sign-in; otherwise only users that exist (by email) may sign in. */
  autoCreate: boolean;
  defaultRootRole: DefaultRootRole;
  /** Email domains allowed to be created on first sign-in; empty allows every domain. */
  allowedDomains: string[];
};

/** Group sync: the provider's groups of the user, read at sign-in, set the user's groups by their SSO mappings. */
export type GroupSync = {
  groupSync: boolean;
  /** The OIDC claim or SAML attribute that lists the provider's groups of the user. */
  groupsField: string;
};

export type OidcSettings = SignUpRules &
  GroupSync & {
    enabled: boolean;
    /** The provider's issuer URL, where `/.well-known/openid-configuration` lives. */
    issuer: string;
    clientId: string;
    /** Write-only: never shown again once saved. */
    clientSecret: string | undefined;
    buttonText: string;
  };

export type SamlSettings = SignUpRules &
  GroupSync & {
    enabled: boolean;
    /** The identity provider's entity ID, which its answers must name as their issuer. */
    idpEntityId: string;
    /** Where the identity provider receives sign-in requests (its single sign-on URL, HTTP-Redirect binding). */
    signOnUrl: string;
    /** The identity provider's signing certificate (PEM or bare base64): its answers must be signed by it. */
    certificate: string;
    buttonText: string;
  };

export type PasswordSettings = { disabled: boolean };

export const OIDC_DEFAULTS: OidcSettings = {
  enabled: false,
  issuer: '',
  clientId: '',
  clientSecret: undefined,
  buttonText: 'Sign in with SSO',
  autoCreate: true,
  defaultRootRole: 'Viewer',
  allowedDomains: [],
  groupSync: false,
  groupsField: 'groups',
};

export const SAML_DEFAULTS: SamlSettings = {
  enabled: false,
  idpEntityId: '',
  signOnUrl: '',
  certificate: '',
  buttonText: 'Sign in with SAML',
  autoCreate: true,
  defaultRootRole: 'Viewer',
  allowedDomains: [],
  groupSync: false,
  groupsField: 'groups',
};

/** A setting breaks a rule; `field` is the domain field, mapped to the wire name by the route. */
export class SsoSettingsRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The OIDC settings from the environment (OIDC_ISSUER and friends): all of them, or none when it is not set. */
export function oidcFromEnvironment(config: Config): OidcSettings | undefined {
  if (!config.oidc) return undefined;
  const { groupsClaim, ...rest } = config.oidc;
  return { ...rest, enabled: true, groupSync: true, groupsField: groupsClaim };
}

/** The OIDC settings in force: the environment's when OIDC_ISSUER is set (they win), else the saved ones. */
export const effectiveOidc = (config: Config, saved: OidcSettings): OidcSettings =>
  oidcFromEnvironment(config) ?? saved;

/** What an enabled OIDC configuration needs; a disabled one may be saved half filled in. */
export function checkOidc(settings: OidcSettings): void {
  if (!settings.enabled) return;
  if (!settings.issuer) throw new SsoSettingsRuleError('issuer', 'is required when OIDC is enabled');
  if (!isHttpUrl(settings.issuer)) throw new SsoSettingsRuleError('issuer', 'must be an http or https URL');
  if (!settings.clientId) throw new SsoSettingsRuleError('clientId', 'is required when OIDC is enabled');
  checkGroupSync(settings);
}

export function checkSaml(settings: SamlSettings): void {
  if (!settings.enabled) return;
  if (!settings.idpEntityId)
    throw new SsoSettingsRuleError('idpEntityId', 'is required when SAML is enabled');
  if (!settings.signOnUrl) throw new SsoSettingsRuleError('signOnUrl', 'is required when SAML is enabled');
  if (!isHttpUrl(settings.signOnUrl))
    throw new SsoSettingsRuleError('signOnUrl', 'must be an http or https URL');
  if (!settings.certificate)
    throw new SsoSettingsRuleError('certificate', 'is required when SAML is enabled');
  if (!isCertificate(settings.certificate))
    throw new SsoSettingsRuleError('certificate', 'must be an X.509 certificate, PEM or base64');
  checkGroupSync(settings);
}

function checkGroupSync(settings: GroupSync): void {
  if (settings.groupSync && !settings.groupsField)
    throw new SsoSettingsRuleError('groupsField', 'is required when group syncing is on');
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A certificate's body, without PEM armour and whitespace: what node-saml compares signatures against. */
export function certificateBody(value: string): string {
  return value
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

function isCertificate(value: string): boolean {
  const body = certificateBody(value);
  return body.length > 100 && /^[A-Za-z0-9+/]+=*$/.test(body) && !/PRIVATE KEY/.test(value);
}

/** A comma-separated list of email domains, as Unleash's settings carry them, to lower-case domains. */
export const parseDomains = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
