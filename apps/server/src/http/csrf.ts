import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NoAccessError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a request must be refused as a cross-site request forgery, or undefined when it may go on.
 *
 * Only changes not sent with a token are checked: a browser attaches the session cookie to a forged request, but it
 * cannot add an Authorization header. Browsers say where a request comes from in Sec-Fetch-Site, which pages cannot
 * forge, so when it is there it decides; `same-site` is refused too, because SameSite=Lax cookies go along from a
 * sibling subdomain. Older browsers only send Origin, which must then be PUBLIC_URL's origin or the Host the request
 * was sent to (as a trusted proxy forwards it). Requests with neither header come from scripts, not browsers.
 */
export function crossSiteReason(request: FastifyRequest, publicOrigin: string): string | undefined {
  if (SAFE_METHODS.has(request.method) || request.authenticatedBy === 'token') return undefined;
  // Only routes that check a signature of their own over the body (SAML answers) say so.
  if (request.routeOptions.config?.crossSite === 'allowed') return undefined;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    return site === 'same-origin' || site === 'none' ? undefined : `Sec-Fetch-Site is ${site}`;
  }
  const origin = request.headers.origin;
  if (origin === undefined || origin === publicOrigin || hostOf(origin) === request.host) return undefined;
  return `Origin ${origin} is not this server`;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // `null` from a sandboxed page, or garbage
  }
}

/** Refuses forged changes; registered once, right after authentication, whose verdict it reads. */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = crossSiteReason(request, publicOrigin);
    if (!reason) return done();
    done(
      new NoAccessError(
        `Refused a change sent from another site (${reason}): sign-ins and changes with the session cookie must come from Switchyard's own pages`,
      ),
    );
  });
}
