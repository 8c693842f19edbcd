import { randomBytes } from 'node:crypto';

/** Why a link was made: a new user's first password, or a new one for someone who forgot theirs. */
export type ResetPurpose = 'welcome' | 'reset';

/** A link that lets one user set their password once, until it expires. Only the hash of its secret is stored. */
export type ResetToken = {
  secretHash: string;
  userId: number;
  purpose: ResetPurpose;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
};

/** How long a link works: a welcome email may sit unread over a weekend; a reset is asked for right now. */
export const LINK_HOURS: Record<ResetPurpose, number> = { welcome: 7 * 24, reset: 24 };

/** The most reset links one user gets in RESET_WINDOW_MINUTES from the public form; more asks are ignored. */
export const RESETS_PER_USER = 3;
export const RESET_WINDOW_MINUTES = 15;

/** 32 random bytes, URL-safe: the part of the link only its receiver knows. */
export const newResetSecret = () => randomBytes(32).toString('base64url');

export const usable = (token: ResetToken, now: Date) =>
  token.usedAt === null && token.expiresAt.getTime() > now.getTime();

/** The admin UI page each link opens: Unleash's paths, so links written for it look the same. */
export function linkFor(publicUrl: string, purpose: ResetPurpose, secret: string): string {
  const page = purpose === 'welcome' ? 'new-user' : 'reset-password';
  return `${publicUrl}/${page}?token=${encodeURIComponent(secret)}`;
}
