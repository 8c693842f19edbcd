import { createHash, randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import type { Db } from '../../../db/db.ts';
import type { SignedInIdentity } from './oidc-client.ts';
import { checkSamlAnswer } from './saml-answer.ts';
import { createSamlRequestStore, SAML_REQUEST_MAX_AGE_MS } from './saml-request-store.ts';
import type { SamlSettings } from './sso-settings.ts';

export const SAML_LOGIN_PATH = '/auth/saml/login';
export const SAML_CALLBACK_PATH = '/auth/saml/callback';
export const SAML_METADATA_PATH = '/auth/saml/metadata';

/** Switchyard's side of SAML, as the identity provider must be told. The entity ID is the metadata URL. */
export const samlEndpoints = (publicUrl: string) => ({
  entityId: `${publicUrl}${SAML_METADATA_PATH}`,
  acsUrl: `${publicUrl}${SAML_CALLBACK_PATH}`,
  metadataUrl: `${publicUrl}${SAML_METADATA_PATH}`,
});

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
];

/**
 * The id of the sign-in request a browser holding `browserSecret` started: a hash of it, so the id the identity provider
 * sees (and logs) gives nobody the secret, and no table needs to remember which browser a request belongs to.
 */
export const requestIdOf = (browserSecret: string) =>
  `_${createHash('sha256').update(browserSecret).digest('hex')}`;

/** A SAML service provider for one sign-in step: node-saml over the settings in force and the request table. */
function samlFor(db: Db, settings: SamlSettings, publicUrl: string, requestId?: string): SAML {
  const sp = samlEndpoints(publicUrl);
  return new SAML({
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: settings.signOnUrl,
    idpIssuer: settings.idpEntityId,
    idpCert: settings.certificate,
    // Required: an unsigned assertion inside a signed response is refused too.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_MAX_AGE_MS,
    cacheProvider: createSamlRequestStore(db),
    acceptedClockSkewMs: 60_000,
  });
}

/** SAML 2.0 single sign-on: the sign-in request (HTTP-Redirect), the signed answer (HTTP-POST) and SP metadata. */
export function createSamlClient(db: Db, publicUrl: string) {
  return {
    /**
     * A new sign-in request: the identity provider's URL carrying it (`relayState` comes back with the answer), and the
     * secret the browser keeps until then, which alone names the request.
     */
    async start(settings: SamlSettings, relayState: string): Promise<{ url: string; browserSecret: string }> {
      const browserSecret = randomBytes(32).toString('base64url');
      const saml = samlFor(db, settings, publicUrl, requestIdOf(browserSecret));
      return { url: await saml.getAuthorizeUrlAsync(relayState, undefined, {}), browserSecret };
    },
    /**
     * Checks a posted answer and returns who signed in: signed with the certificate, issued by the configured identity
     * provider, sent to our ACS URL for our audience, within its times, and replying (once) to the sign-in request of
     * the browser that posts it, whose secret is `browserSecret`. IdP-initiated answers reply to none, so fail.
     */
    async finish(
      settings: SamlSettings,
      body: Record<string, string>,
      browserSecret: string | undefined,
    ): Promise<SignedInIdentity> {
      if (!browserSecret) throw new Error('The sign-in was not started in this browser, or took too long');
      const { profile } = await samlFor(db, settings, publicUrl).validatePostResponseAsync(body);
      if (!profile) throw new Error('The answer signed nobody in');
      checkSamlAnswer(profile, {
        idpEntityId: settings.idpEntityId,
        acsUrl: samlEndpoints(publicUrl).acsUrl,
        requestId: requestIdOf(browserSecret),
      });
      return identityOf(profile, settings);
    },
    metadata(settings: SamlSettings): string {
      return samlFor(db, settings, publicUrl).generateServiceProviderMetadata(null, null);
    },
  };
}

function identityOf(profile: Profile, settings: SamlSettings): SignedInIdentity {
  const first = (names: string[]) => names.map((name) => text(profile[name])).find(Boolean);
  const nameIdEmail = profile.nameID?.includes('@') ? profile.nameID : undefined;
  const groups = settings.groupSync ? groupsOf(profile[settings.groupsField]) : undefined;
  return {
    subject: profile.nameID,
    email: (first(EMAIL_ATTRIBUTES) ?? nameIdEmail)?.toLowerCase(),
    // The identity provider vouches for the address with its signature.
    emailVerified: true,
    name: first(NAME_ATTRIBUTES),
    ...(groups ? { groups } : {}),
  };
}

function text(value: unknown): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' && single.trim() ? single.trim() : undefined;
}

function groupsOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

export type SamlClient = ReturnType<typeof createSamlClient>;
