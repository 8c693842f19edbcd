/** How someone tried to sign in: a password, or single sign-on through OpenID Connect or SAML. */
export type AuthType = 'simple' | 'oidc' | 'saml';

/** One sign-in attempt, as it happened. */
export type LoginAttempt = {
  /** What was typed, or the email the provider gave; null when the attempt never got that far. */
  username: string | null;
  authType: AuthType;
  ip: string | null;
  userAgent: string | null;
  successful: boolean;
  failureReason: string | null;
};

export type LoginEvent = LoginAttempt & { id: number; createdAt: Date };

/** How long attempts are kept by default: 14 days, as Unleash keeps its login history (LOGIN_HISTORY_RETENTION_DAYS). */
export const LOGIN_HISTORY_RETENTION_HOURS = 336;

/** Longer text is cut: a user agent or a typed name is evidence, not storage. */
export const MAX_FIELD_LENGTH = 500;
