import type { FastifyInstance } from 'fastify';

/**
 * What the admin UI may load: its own scripts, styles and API. Styles also allow inline, because Mantine writes
 * theme variables and component styles into `<style>` elements at run time (index.html is static, so no nonce).
 * Images and fonts allow `data:` for assets a build may inline; no page may frame the UI (clickjacking).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers every response carries, prepared once so the client fast path sends the same ones for free.
 * Referrer-Policy is not `no-referrer`: with it browsers send `Origin: null` on POSTs, which the CSRF check refuses.
 * HSTS only when the public address is HTTPS: sent over plain HTTP it would be ignored anyway, and a local setup on
 * http://localhost must keep working.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** Adds the security headers to every response, and the content security policy to HTML pages. */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(headers);
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}
