import { InvalidOperationError } from '../../../http/errors.ts';

/**
 * What an identity provider manages through SCIM is changed there: an edit here would be overwritten at its next
 * sync. The one rule, for users and groups alike.
 */
export function refuseScimManaged(thing: { scimId: string | null }, what: string, change: string): void {
  if (thing.scimId === null) return;
  throw new InvalidOperationError(
    `${what} is managed by SCIM: ${change} in your identity provider, which would overwrite a change made here`,
  );
}
