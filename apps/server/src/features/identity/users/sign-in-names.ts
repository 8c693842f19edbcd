import type { Db } from '../../../db/db.ts';

/**
 * Whether another user already signs in with one of these names. Sign-in matches a username or an email whatever its
 * case (`findForLogin`), and SCIM's userName is not case-exact (RFC 7643 §4.1.1), so names are compared the same way:
 * lower-cased, usernames and emails alike. `except` is the user being changed.
 */
export async function signInNameTaken(
  db: Db,
  names: readonly (string | null)[],
  except?: number,
): Promise<boolean> {
  const lowered = names.filter((name): name is string => !!name).map((name) => name.toLowerCase());
  if (lowered.length === 0) return false;
  const [row] = await db.query(
    `SELECT 1 FROM users
      WHERE deleted_at IS NULL AND ($2::int IS NULL OR id <> $2)
        AND (lower(username) = ANY($1) OR lower(email) = ANY($1))
      LIMIT 1`,
    [lowered, except ?? null],
  );
  return row !== undefined;
}
