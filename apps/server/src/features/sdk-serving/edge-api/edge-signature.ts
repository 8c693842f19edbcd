import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed request's timestamp may be from the server's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export type SignedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  contentSha256: string | undefined;
  body: string;
};

export type Verdict = { ok: true; clientId: string; nonce: string } | { ok: false; reason: string };

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
export const signedHeaders = (headers: Record<string, string | string[] | undefined>) => ({
  authorization: header(headers.authorization),
  timestamp: header(headers['x-timestamp']),
  nonce: header(headers['x-nonce']),
  contentSha256: header(headers['content-sha256']),
});

const AUTHORIZATION = /^HMAC ([^:\s]{1,200}):([A-Za-z0-9_-]{1,200}={0,2})$/;
/** RFC 3339 with a zone, as Unleash Edge sends it; Date.parse alone would also take local-time forms. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The signature Unleash Edge sends: base64url HMAC-SHA256, keyed by the decoded client secret, over five lines. */
export function signature(
  secret: string,
  request: Omit<SignedRequest, 'authorization' | 'contentSha256' | 'body'> & { bodyHash: string },
): string {
  const message = [request.method, request.path, request.timestamp, request.nonce, request.bodyHash].join(
    '\n',
  );
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(message).digest('base64url');
}

/**
 * Checks a signed request (the scheme of Unleash's edge HMAC verifier): a known client, a fresh timestamp, a hex
 * nonce, a body hash that matches the body as sent, and a signature over all of them. The nonce's single use is
 * the caller's to enforce, in the database.
 */
export function verifySignature(
  request: SignedRequest,
  clients: ReadonlyMap<string, string>,
  now: number,
): Verdict {
  const match = AUTHORIZATION.exec(request.authorization ?? '');
  if (!match) return { ok: false, reason: 'missing or malformed HMAC authorization header' };
  const [, clientId, sent] = match as unknown as [string, string, string];
  const secret = clients.get(clientId);
  if (!secret) return { ok: false, reason: 'unknown client' };
  const timestamp = request.timestamp ?? '';
  const time = RFC3339.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (!Number.isFinite(time)) return { ok: false, reason: 'missing or malformed x-timestamp header' };
  if (Math.abs(now - time) > SIGNATURE_WINDOW_MS) return { ok: false, reason: 'stale timestamp' };
  const nonce = request.nonce ?? '';
  if (!/^[0-9a-f]{16,128}$/i.test(nonce)) return { ok: false, reason: 'missing or malformed x-nonce header' };
  const bodyHash = sha256Hex(request.body);
  if ((request.contentSha256 ?? '').toLowerCase() !== bodyHash)
    return { ok: false, reason: 'body does not match content-sha256' };
  const expected = Buffer.from(
    signature(secret, { method: request.method, path: request.path, timestamp, nonce, bodyHash }),
  );
  const given = Buffer.from(sent.replace(/=+$/, ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature mismatch' };
  return { ok: true, clientId, nonce: nonce.toLowerCase() };
}

/**
 * The secret of the client token issued to an edge client for an environment and projects: derived from the
 * client's secret, so asking again returns the same token, and rotating the client secret issues new ones.
 */
export function issuedSecret(
  clientSecret: string,
  clientId: string,
  environment: string,
  projects: string[],
): string {
  return createHmac('sha256', Buffer.from(clientSecret, 'base64url'))
    .update(['issue-token', clientId, environment, [...projects].sort().join(',')].join('\n'))
    .digest('hex');
}
