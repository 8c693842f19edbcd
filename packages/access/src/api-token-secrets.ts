/**
 * The fewest characters a secret given at creation must have. Generated secrets have far more (a prefix and 56 hex
 * characters); a short one is guessable, so only an existing token moved from another server may have fewer
 * (decision record 0015), and the migration names it so that it is rotated.
 */
export const MIN_GIVEN_SECRET_LENGTH = 16;

/** Whether a secret is too short to be given to a new token: one an existing token may keep, but should rotate. */
export function isWeakSecret(secret: string): boolean {
  return secret.length < MIN_GIVEN_SECRET_LENGTH;
}
