import * as oidc from 'openid-client';
import type { OidcSettings } from './sso-settings.ts';

export const CALLBACK_PATH = '/auth/oidc/callback';

/** What the browser carries from the start of a sign-in to its callback, in a short-lived cookie. */
export type PendingSignIn = { state: string; nonce: string; verifier: string; redirect: string };

/** What Switchyard needs to know about the person the provider signed in. */
export type SignedInIdentity = {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name?: string;
  /** The provider's groups of the user; undefined when the provider did not send the groups claim. */
  groups?: string[];
};

/**
 * The OpenID Connect client: the authorization code flow with PKCE, state and nonce. The provider's metadata is
 * discovered on first use and kept; a failed discovery is retried on the next sign-in.
 */
export function createOidcClient(settings: OidcSettings, publicUrl: string) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const redirectUri = `${publicUrl}${CALLBACK_PATH}`;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        // An http issuer is the administrator's explicit choice (a provider on a private network or a test).
        settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    async start(redirect: string): Promise<{ url: string; pending: PendingSignIn }> {
      const config = await discover();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        redirect,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },
    /** Checks the provider's answer against the pending sign-in and returns who signed in. */
    async finish(query: string, pending: PendingSignIn): Promise<SignedInIdentity> {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}${query}`), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      // Many providers put email and name in the userinfo answer only.
      const info =
        claims.email === undefined
          ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
          : (claims as Record<string, unknown>);
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
      return {
        subject: claims.sub,
        email: text(info.email)?.toLowerCase(),
        emailVerified: info.email_verified !== false,
        name: text(info.name) ?? text(info.preferred_username),
        groups: settings.groupSync
          ? groupsOf((claims as Record<string, unknown>)[settings.groupsField] ?? info[settings.groupsField])
          : undefined,
      };
    },
  };
}

/** A groups claim: a list of names, or one name; anything else counts as not sent. */
function groupsOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

export type OidcClient = ReturnType<typeof createOidcClient>;
