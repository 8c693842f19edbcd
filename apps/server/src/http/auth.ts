import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  grants,
  isPermissionName,
  type PermissionName,
  type PredefinedRootRole,
  ROOT_ROLE_PERMISSIONS,
} from '../features/access/permissions.ts';
import { AuthenticationRequired, NoAccessError } from './errors.ts';
import { protectedAreaOf } from './request-path.ts';

export type RootRole = PredefinedRootRole;
export type Permission = PermissionName;
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
/**
 * Where a request names the project or environment its permission applies to: a path parameter, a query parameter or
 * a body field (which may hold a list). `{ flag }` names a flag whose project it is.
 */
export type ScopeSource = `params.${string}` | `query.${string}` | `body.${string}`;
export type RouteAuth = {
  area?: AuthArea;
  /** Required on every admin route (checked at start-up); the catalogue in features/access/permissions.ts. */
  permission?: Permission;
  /** For project and environment permissions: where the request names them. Not enforced yet: root roles only. */
  project?: ScopeSource | { flag: ScopeSource };
  environment?: ScopeSource;
};

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

/** The root-level permissions of a principal: its root role's, an admin API token's are Admin's. */
export function permissionsOf(principal: Principal): readonly Permission[] {
  if (principal.kind === 'user') return ROOT_ROLE_PERMISSIONS[principal.rootRole];
  return principal.type === 'admin' ? ROOT_ROLE_PERMISSIONS.Admin : [];
}

/** The one authorization decision; project and environment roles will widen `permissionsOf` here, not in routes. */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  return grants(permissionsOf(principal), permission);
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
 * A route's declared permission, checked when it is registered: an admin route without one, with a name outside the
 * catalogue, or with a scope naming a path parameter the route does not have stops the server from starting.
 */
export function checkRoutePermission(url: string, auth: RouteAuth | undefined): void {
  if (routeAreaOf(url, auth?.area) !== 'admin') return;
  const permission: string | undefined = auth?.permission;
  if (!permission) throw new Error(`route ${url} must declare config.auth.permission: it is an admin route`);
  if (!isPermissionName(permission))
    throw new Error(`route ${url} declares unknown permission ${permission}`);
  const project = auth?.project;
  const sources = [typeof project === 'object' ? project.flag : project, auth?.environment];
  const params = url.split('/').filter((segment) => segment.startsWith(':'));
  for (const source of sources) {
    if (source?.startsWith('params.') && !params.includes(`:${source.slice('params.'.length)}`)) {
      throw new Error(
        `route ${url} scopes ${permission} by ${source}, which is not one of its path parameters`,
      );
    }
  }
}

/** Authenticates every request and enforces the permission its route declares. */
export function registerAuth(app: FastifyInstance, resolver: PrincipalResolver): void {
  app.decorate('forgetCredentials', () => resolver.forget());
  // Every route's area is settled at start-up: a route that cannot say who may call it stops the server from starting.
  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    routeAreaOf(route.url, auth?.area);
    checkRoutePermission(route.url, auth);
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
    // Every admin route declares its permission; only a path no admin route answers (a 404 to be) gets here without.
    const permission = routeAuth.permission ?? 'READ';
    if (!hasPermission(principal, permission)) {
      throw new NoAccessError(`You need the ${permission} permission to do this`);
    }
  });
}
