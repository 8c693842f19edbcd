import { Alert, Badge } from '@mantine/core';
import { EXPIRY_WARNING_DAYS, expiryWarning, tokenExpiry } from '@switchyard/rules';
import { counted } from './format.ts';

/** "Expired" or "Expires in 3 days" beside a token whose end needs attention; nothing otherwise. */
export function ExpiryBadge({ expiresAt, now = new Date() }: { expiresAt: string | null; now?: Date }) {
  const expiry = tokenExpiry(expiresAt, now);
  const warning = expiryWarning(expiry);
  if (!warning) return null;
  return (
    <Badge color={expiry.state === 'expired' ? 'red' : 'orange'} variant="light">
      {warning}
    </Badge>
  );
}

/** Above a token list: how many tokens have expired or expire within the warning window, and what to do. */
export function ExpiringTokensAlert({
  tokens,
  now = new Date(),
}: {
  tokens: { expiresAt: string | null }[];
  now?: Date;
}) {
  const states = tokens.map((token) => tokenExpiry(token.expiresAt, now).state);
  const expired = states.filter((state) => state === 'expired').length;
  const soon = states.filter((state) => state === 'soon').length;
  if (!expired && !soon) return null;
  const parts = [
    expired ? `${counted(expired, 'token')} expired` : '',
    soon
      ? `${counted(soon, 'token')} ${soon === 1 ? 'expires' : 'expire'} within ${EXPIRY_WARNING_DAYS} days`
      : '',
  ].filter(Boolean);
  return (
    <Alert color="orange" title="Tokens need rotating" mb="md">
      {parts.join(', ')}. Create a replacement, move what uses the old token to it, then delete the old one:
      requests with an expired token get 401.
    </Alert>
  );
}
