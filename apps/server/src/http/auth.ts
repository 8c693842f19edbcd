import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthenticationRequired, NoAccessError } from './errors.ts';
import { protectedAreaOf } from './request-path.ts';

export type RootRole = 'Admin' | 'Editor' | 'Viewer';
/** READ: any signed-in user. EDIT: manage flags and their definitions. ADMIN: users, environments, settings. */
export type Permission = 'READ' | 'EDIT' | 'CREATEAPITOKEN' | 'ADMIN';
export type ApiTokenType = 'client' | 'frontend' | 'admin';

export type Principal =
  | { kind: 'user'; userId: number; username: string; rootRole: RootRole }
  | {
      kind: 'token';
      tokenId: number;
      tokenName: string;
      type: ApiTokenType;
      environment: string;
      projects: string[];
    };

/** Which API a route belongs to decides which credentials it accepts. */
export type AuthArea = 'admin' | 'client' | 'frontend' | 'public';
export type RouteAuth = { area?: AuthArea; permission?: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** How the principal proved itself; the CSRF check (csrf.ts) guards everything not sent with a token. */
    authenticatedBy?: 'session' | 'token';
  }
  interface FastifyInstance {
    /** Drops cached credential lookups in this process at once (other processes follow on the change event). */
    forgetCredentials(): void;
  }
}

export const SESSION_COOKIE = 'switchyard-session';

/** Looks credentials up; implemented by the users and api-tokens features. */
export type PrincipalResolver = {
  fromSession(sessionId: string): Promise<Principal | undefined>;
  /** An API token or a personal access token secret from the Authorization header. */
  fromSecret(secret: string): Promise<Principal | undefined>;
  /** An API token already looked up and still valid, without waiting; undefined when it would take a lookup. */
  cachedToken(secret: string): Principal | undefined;
  /** Drops cached lookups, e.g. after a token was deleted. */
  forget(): void;
};

const ROLE_PERMISSIONS: Record<RootRole, Permission[]> = {
  Admin: ['READ', 'EDIT', 'CREATEAPITOKEN', 'ADMIN'],
  Editor: ['READ', 'EDIT'],
  Viewer: ['READ'],
};

export function permissionsOf(principal: Principal): Permission[] {
  if (principal.kind === 'user') return ROLE_PERMISSIONS[principal.rootRole];
  return principal.type === 'admin' ? ROLE_PERMISSIONS.Admin : [];
}

export function hasPermission(principal: Principal, permission: Permission): boolean {
  return permissionsOf(principal).includes(permission);
}

/** The name recorded in events as who made a change. */
export function actorName(principal: Principal | undefined): string {
  if (!principal) return 'system';
  return principal.kind === 'user' ? principal.username : principal.tokenName;
}

export function actorUserId(principal: Principal | undefined): number | null {
  return principal?.kind === 'user' ? principal.userId : null;
}

/**
 * The area a route answers for, fixed when the route is registered: its declared area, else the protected prefix its
 * path pattern lies under. A route outside every protected prefix must declare its area, so a route added later can
 * never be public by omission.
 */
export function routeAreaOf(url: string, declared: AuthArea | undefined): AuthArea {
  const area = declared ?? protectedAreaOf(url);
  if (!area) throw new Error(`route ${url} must declare config.auth.area: it is outside /api and /edge`);
  return area;
}

/**
 * The area that decides who may call, on the same normalised path the router matched. A route outside the protected
 * prefixes (the admin UI's catch-all, say) never answers a path inside them without credentials, and a path that
 * matches no route is still authenticated by its prefix, so `/API/admin/...` is a 401 before it is a 404.
 */
function requestAreaOf(request: FastifyRequest): AuthArea {
  const pattern = request.routeOptions.url;
  const path = request.url.split('?', 1)[0]!;
  const pathArea = protectedAreaOf(path);
  if (pattern === undefined) return pathArea ?? 'public';
  const routeArea = routeAreaOf(pattern, request.routeOptions.config?.auth?.area);
  return !protectedAreaOf(pattern) && pathArea ? pathArea : routeArea;
}

export function authorizationSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return header.replace(/^bearer\s+/i, '').trim() || undefined;
}

const TOKEN_REQUIRED =
  'This endpoint requires an API token. Please add an authorization header to your request with a valid token';

/**
 * Authenticates every request and enforces the route's permission. Admin routes default to READ for GET and
 * EDIT for everything else, so no admin route is ever left open by omission.
 */
export function registerAuth(app: FastifyInstance, resolver: PrincipalResolver): void {
  app.decorate('forgetCredentials', () => resolver.forget());
  // Every route's area is settled at start-up: a route that cannot say who may call it stops the server from starting.
  app.addHook('onRoute', (route) => {
    routeAreaOf(route.url, (route.config as { auth?: RouteAuth } | undefined)?.auth?.area);
  });
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const routeAuth = request.routeOptions.config?.auth ?? {};
    const area = requestAreaOf(request);
    const secret = authorizationSecret(request);
    const sessionId = request.cookies?.[SESSION_COOKIE];

    if (area === 'public') {
      if (sessionId) request.principal = await resolver.fromSession(sessionId);
      if (request.principal) request.authenticatedBy = 'session';
      return;
    }
    if (area === 'client' || area === 'frontend') {
      const principal = secret ? await resolver.fromSecret(secret) : undefined;
      if (!principal) throw new AuthenticationRequired(TOKEN_REQUIRED);
      const expected: ApiTokenType = area === 'client' ? 'client' : 'frontend';
      if (principal.kind !== 'token' || principal.type !== expected) {
        throw new NoAccessError('invalid token: expected a different token type for this endpoint');
      }
      request.principal = principal;
      request.authenticatedBy = 'token';
      return;
    }

    let principal: Principal | undefined;
    if (secret) principal = await resolver.fromSecret(secret);
    else if (sessionId) principal = await resolver.fromSession(sessionId);
    if (!principal) {
      throw new AuthenticationRequired(secret ? TOKEN_REQUIRED : 'You must log in to use Switchyard');
    }
    if (principal.kind === 'token' && principal.type !== 'admin') {
      throw new NoAccessError('invalid token: expected a different token type for this endpoint');
    }
    request.principal = principal;
    request.authenticatedBy = secret ? 'token' : 'session';
    const permission = routeAuth.permission ?? (['GET', 'HEAD'].includes(request.method) ? 'READ' : 'EDIT');
    if (!hasPermission(principal, permission)) {
      throw new NoAccessError(`You need the ${permission} permission to do this`);
    }
  });
}
