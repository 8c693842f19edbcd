import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { samlEndpoints } from './saml-client.ts';
import { parseDomains, SsoSettingsRuleError, type OidcSettings, type SamlSettings } from './sso-settings.ts';
import { createSsoSettingsService, SECRET_MASK, type SettingsView } from './sso-settings-service.ts';

/** Reading them too: the form that changes them shows them (secrets masked). */
const AUTH = { auth: { permission: 'UPDATE_AUTH_CONFIGURATION' as const } };
const Role = Type.Union([Type.Literal('Admin'), Type.Literal('Editor'), Type.Literal('Viewer')], {
  description: 'The root role of users created on their first sign-in.',
});
const common = {
  enabled: Type.Optional(Type.Boolean({ description: 'Whether the sign-in page offers this method.' })),
  autoCreate: Type.Optional(
    Type.Boolean({
      description: 'Create a user on the first sign-in; otherwise only existing users (by email).',
    }),
  ),
  defaultRootRole: Type.Optional(Role),
  emailDomains: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'Comma-separated email domains allowed an account on first sign-in; empty allows every domain.',
    }),
  ),
  enableGroupSyncing: Type.Optional(
    Type.Boolean({ description: "Set the user's groups at each sign-in from the groups' SSO mappings." }),
  ),
  groupJsonPath: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'The claim (OIDC) or attribute (SAML) that lists the groups.',
    }),
  ),
  buttonText: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'The sign-in button text (Switchyard only).' }),
  ),
};

const OidcBody = Type.Object(
  {
    ...common,
    discoverUrl: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: "The provider's issuer URL, or its `/.well-known/openid-configuration` URL.",
      }),
    ),
    clientId: Type.Optional(Type.String({ maxLength: 500 })),
    secret: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: `The client secret. Write-only: read back as "${SECRET_MASK}"; sending that keeps the saved secret, an empty string removes it.`,
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        enabled: true,
        discoverUrl: 'https://login.example.com/realms/acme',
        clientId: 'switchyard',
        secret: 's3cr3t',
        autoCreate: true,
        defaultRootRole: 'Viewer',
        emailDomains: 'example.com',
        enableGroupSyncing: true,
        groupJsonPath: 'groups',
      },
    ],
  },
);
const FromEnvironment = Type.Array(Type.String(), {
  description:
    'The fields set by environment variables: they win over saved values, and the UI shows them read-only.',
});
const OidcResponse = Type.Object(
  { ...OidcBody.properties, fromEnvironment: FromEnvironment },
  {
    examples: [
      {
        enabled: true,
        discoverUrl: 'https://login.example.com/realms/acme',
        clientId: 'switchyard',
        secret: '********',
        autoCreate: true,
        defaultRootRole: 'Viewer',
        emailDomains: 'example.com',
        enableGroupSyncing: true,
        groupJsonPath: 'groups',
        fromEnvironment: [],
      },
    ],
  },
);

const SamlBody = Type.Object(
  {
    ...common,
    entityId: Type.Optional(
      Type.String({ maxLength: 2000, description: "The identity provider's entity ID (its issuer)." }),
    ),
    signOnUrl: Type.Optional(
      Type.String({ maxLength: 2000, description: "The identity provider's single sign-on URL." }),
    ),
    certificate: Type.Optional(
      Type.String({
        maxLength: 20000,
        description:
          "The identity provider's X.509 signing certificate (PEM or base64). Assertions must be signed with it.",
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        enabled: true,
        entityId: 'http://www.okta.com/exk1abc',
        signOnUrl: 'https://acme.okta.com/app/acme_switchyard/exk1abc/sso/saml',
        certificate: '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----',
        autoCreate: true,
        defaultRootRole: 'Viewer',
        enableGroupSyncing: true,
        groupJsonPath: 'groups',
      },
    ],
  },
);
const SamlResponse = Type.Object(
  {
    ...SamlBody.properties,
    fromEnvironment: FromEnvironment,
    serviceProvider: Type.Object(
      {
        entityId: Type.String({
          description: "Switchyard's entity ID (audience), for the identity provider.",
        }),
        acsUrl: Type.String({ description: 'The assertion consumer service URL (HTTP-POST binding).' }),
        metadataUrl: Type.String({ description: "Switchyard's SAML metadata." }),
      },
      { description: 'What to enter at the identity provider; read-only.' },
    ),
  },
  {
    examples: [
      {
        enabled: true,
        entityId: 'http://www.okta.com/exk1abc',
        signOnUrl: 'https://acme.okta.com/app/acme_switchyard/exk1abc/sso/saml',
        certificate: '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----',
        autoCreate: true,
        defaultRootRole: 'Viewer',
        enableGroupSyncing: true,
        groupJsonPath: 'groups',
        fromEnvironment: [],
        serviceProvider: {
          entityId: 'https://switchyard.example.com/auth/saml/metadata',
          acsUrl: 'https://switchyard.example.com/auth/saml/callback',
          metadataUrl: 'https://switchyard.example.com/auth/saml/metadata',
        },
      },
    ],
  },
);
const PasswordBody = Type.Object(
  {
    disabled: Type.Boolean({
      description:
        'Turn password sign-in off. Refused unless single sign-on is enabled and at least one admin has an email address it can match.',
    }),
  },
  { additionalProperties: false, examples: [{ disabled: false }] },
);

type OidcWire = Static<typeof OidcBody>;
type SamlWire = Static<typeof SamlBody>;

const OIDC_WIRE: Record<string, string> = {
  issuer: 'discoverUrl',
  clientSecret: 'secret',
  allowedDomains: 'emailDomains',
  groupSync: 'enableGroupSyncing',
  groupsField: 'groupJsonPath',
};
const SAML_WIRE: Record<string, string> = {
  idpEntityId: 'entityId',
  allowedDomains: 'emailDomains',
  groupSync: 'enableGroupSyncing',
  groupsField: 'groupJsonPath',
};

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

function fromOidcWire(body: OidcWire): Partial<OidcSettings> {
  return defined({
    enabled: body.enabled,
    issuer: body.discoverUrl?.trim().replace(/\/\.well-known\/openid-configuration\/?$/, ''),
    clientId: body.clientId?.trim(),
    clientSecret: body.secret,
    buttonText: body.buttonText,
    autoCreate: body.autoCreate,
    defaultRootRole: body.defaultRootRole,
    allowedDomains: body.emailDomains === undefined ? undefined : parseDomains(body.emailDomains),
    groupSync: body.enableGroupSyncing,
    groupsField: body.groupJsonPath?.trim(),
  });
}
function fromSamlWire(body: SamlWire): Partial<SamlSettings> {
  return defined({
    enabled: body.enabled,
    idpEntityId: body.entityId?.trim(),
    signOnUrl: body.signOnUrl?.trim(),
    certificate: body.certificate?.trim(),
    buttonText: body.buttonText,
    autoCreate: body.autoCreate,
    defaultRootRole: body.defaultRootRole,
    allowedDomains: body.emailDomains === undefined ? undefined : parseDomains(body.emailDomains),
    groupSync: body.enableGroupSyncing,
    groupsField: body.groupJsonPath?.trim(),
  });
}
const wireName = (names: Record<string, string>, field: string) => names[field] ?? field;

function toOidcResponse({ settings, fromEnvironment }: SettingsView<OidcSettings>) {
  return {
    enabled: settings.enabled,
    discoverUrl: settings.issuer,
    clientId: settings.clientId,
    ...(settings.clientSecret ? { secret: settings.clientSecret } : {}),
    buttonText: settings.buttonText,
    autoCreate: settings.autoCreate,
    defaultRootRole: settings.defaultRootRole,
    emailDomains: settings.allowedDomains.join(','),
    enableGroupSyncing: settings.groupSync,
    groupJsonPath: settings.groupsField,
    fromEnvironment: fromEnvironment.map((field) => wireName(OIDC_WIRE, field)),
  };
}
function toSamlResponse({ settings, fromEnvironment }: SettingsView<SamlSettings>, publicUrl: string) {
  return {
    enabled: settings.enabled,
    entityId: settings.idpEntityId,
    signOnUrl: settings.signOnUrl,
    certificate: settings.certificate,
    buttonText: settings.buttonText,
    autoCreate: settings.autoCreate,
    defaultRootRole: settings.defaultRootRole,
    emailDomains: settings.allowedDomains.join(','),
    enableGroupSyncing: settings.groupSync,
    groupJsonPath: settings.groupsField,
    fromEnvironment: fromEnvironment.map((field) => wireName(SAML_WIRE, field)),
    serviceProvider: samlEndpoints(publicUrl),
  };
}

/** Maps a broken rule to the wire field it names. */
async function ruled<T>(names: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SsoSettingsRuleError)
      throw BadDataError.field(
        `/body/${wireName(names, error.field)}`,
        `${wireName(names, error.field)} ${error.message}`,
      );
    throw error;
  }
}

/** /api/admin/auth/{oidc,saml,simple}/settings: how people sign in, changed by admins in the UI. */
export function ssoSettingsRoutes(deps: {
  db: Db;
  config: Config;
  secrets: Keyring;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createSsoSettingsService(deps.db, deps.config, deps.secrets);
    const publicUrl = deps.config.publicUrl;

    app.get(
      '/api/admin/auth/oidc/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'getOidcSettings',
            'Get the OIDC settings',
            `Single sign-on with OpenID Connect as it is in force: the environment's settings while OIDC_ISSUER is set (listed in \`fromEnvironment\`), else the saved ones. The client secret reads as "${SECRET_MASK}".`,
          ),
          response: { 200: OidcResponse, ...errorResponses(401, 403) },
        },
      },
      async () => toOidcResponse(await service.viewOidc()),
    );

    app.post(
      '/api/admin/auth/oidc/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'setOidcSettings',
            'Change the OIDC settings',
            'Saves single sign-on with OpenID Connect; fields left out keep their values. Enabled needs `discoverUrl` and `clientId`. Takes effect at the next sign-in on every server process; while OIDC_ISSUER is set the environment still wins. Recorded as an oidc-settings-updated event.',
          ),
          body: OidcBody,
          response: { 200: OidcResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) =>
        toOidcResponse(
          await ruled(OIDC_WIRE, () => service.setOidc(fromOidcWire(request.body), actorOf(request))),
        ),
    );

    app.get(
      '/api/admin/auth/saml/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'getSamlSettings',
            'Get the SAML settings',
            "Single sign-on with SAML 2.0, and Switchyard's own values to enter at the identity provider (`serviceProvider`).",
          ),
          response: { 200: SamlResponse, ...errorResponses(401, 403) },
        },
      },
      async () => toSamlResponse(await service.viewSaml(), publicUrl),
    );

    app.post(
      '/api/admin/auth/saml/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'setSamlSettings',
            'Change the SAML settings',
            'Saves single sign-on with SAML 2.0; fields left out keep their values. Enabled needs `entityId`, `signOnUrl` and `certificate`. Takes effect at the next sign-in on every server process. Recorded as a saml-settings-updated event.',
          ),
          body: SamlBody,
          response: { 200: SamlResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) =>
        toSamlResponse(
          await ruled(SAML_WIRE, () => service.setSaml(fromSamlWire(request.body), actorOf(request))),
          publicUrl,
        ),
    );

    app.get(
      '/api/admin/auth/simple/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'getSimpleSettings',
            'Get the password login settings',
            'Whether password sign-in is turned off.',
          ),
          response: { 200: PasswordBody, ...errorResponses(401, 403) },
        },
      },
      async () => service.viewPassword(),
    );

    app.post(
      '/api/admin/auth/simple/settings',
      {
        config: AUTH,
        schema: {
          ...describe(
            'Auth',
            'setSimpleSettings',
            'Turn password login on or off',
            'With password login off, POST /auth/simple/login refuses everyone and the sign-in page shows only single sign-on. Refused with 400 unless OIDC or SAML is enabled and at least one admin has an email address; while it is off, single sign-on cannot be disabled. API tokens keep working. Recorded as a password-login-settings-updated event.',
          ),
          body: PasswordBody,
          response: { 200: PasswordBody, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => ruled({}, () => service.setPassword(request.body, actorOf(request))),
    );
  };
}
