/** How far ahead a token's end is worth a warning: a week leaves time to rotate it before SDKs get 401s. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export type TokenExpiry =
  | { state: 'never' }
  | { state: 'expired' }
  | { state: 'soon'; days: number }
  | { state: 'later'; days: number };

/** Where a token (API token or personal access token) stands against its expiry at `now`; days are rounded up. */
export function tokenExpiry(expiresAt: string | Date | null | undefined, now: Date): TokenExpiry {
  if (expiresAt === null || expiresAt === undefined) return { state: 'never' };
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(left)) return { state: 'never' };
  if (left <= 0) return { state: 'expired' };
  const days = Math.ceil(left / DAY_MS);
  return days <= EXPIRY_WARNING_DAYS ? { state: 'soon', days } : { state: 'later', days };
}

/** The words for a token's expiry that need attention, or undefined when it needs none. */
export function expiryWarning(expiry: TokenExpiry): string | undefined {
  if (expiry.state === 'expired') return 'Expired';
  if (expiry.state === 'soon')
    return expiry.days === 1 ? 'Expires within a day' : `Expires in ${expiry.days} days`;
  return undefined;
}
