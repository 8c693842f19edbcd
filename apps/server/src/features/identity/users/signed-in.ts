import type { Principal } from '../../../http/auth.ts';
import { NoAccessError } from '../../../http/errors.ts';

/** The id of the signed-in user (by session or personal access token); API tokens have none. */
export function signedInUserId(principal: Principal | undefined): number {
  if (principal?.kind !== 'user')
    throw new NoAccessError('Only a signed-in user or a personal access token can do this');
  return principal.userId;
}
