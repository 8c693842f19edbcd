import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type Access,
  allows,
  isMember,
  isPermissionName,
  type PermissionName,
  type Scope,
  seesEverything,
} from '@switchyard/access';
import { type ChangeRequestFacts, guardChangeRequests, type ReviewedBy } from './change-request-guard.ts';
import { AuthenticationRequired, NoAccessError, NotFoundError, type SignInHint } from './errors.ts';
import { protectedAreaOf } from './request-path.ts';

export type Permission = PermissionName;
export type ApiTokenType = 'client' | 'frontend' | 'admin';

export type Principal =
  | {
      kind: 'user';
      userId: number;
      username: string;
      /** Root role id. */
      rootRole: number;
      /** Signed in with a personal access token rather than a session. */
      viaPat?: boolean;
    }
  | {
      kind: 'token';
      tokenId: number;
      tokenName: string;
      type: ApiTokenType;
      environment: string;
      projects: string[];
    };

/**
 * Which API a route belongs to decides which credentials it accepts. `sdk` takes a client or a frontend token: the
 * OpenFeature Remote Evaluation Protocol serves server-side and browser providers alike. `scim` takes the one SCIM
 * token an admin generated (features/identity/scim), and only while SCIM is on; it acts for no user.
 */
export type AuthArea = 'admin' | 'client' | 'frontend' | 'sdk' | 'scim' | 'public';
/**
 * Where a request names the project or environment its permission applies to: a path parameter, a query parameter or
 * a body field (which may hold a list). `{ flag }` names a flag whose project it is.
 */
export type ScopeSource = `params.${string}` | `query.${string}` | `body.${string}`;
/**
 * For a route where no one field names the scope but the server derives it (the legacy v1 flag routes act on a
 * flag's first enabled environment): the projects or environments the request applies to. `facts` answers what the
 * access read model knows, such as a segment's project.
 */
export type ScopeResolver = (request: FastifyRequest, facts: AccessResolver) => Promise<string[]>;
/**
 * Permissions that also allow a request, chosen by what it acts on rather than where: an API token's type decides
 * between the client and the frontend token permissions. `pick` answers those that do for this request, none where
 * only the route's `permission` will (an admin token); answers outside `among` are ignored.
 */
export type PermissionChoice = {
  /** Every permission `pick` can answer: stated in OpenAPI as `x-permission-alternatives`. */
  among: readonly Permission[];
  pick: (request: FastifyRequest) => Promise<readonly Permission[]>;
};
export type RouteAuth = {
  area?: AuthArea;
  /** Required on every admin route (checked at start-up); the catalogue in features/governance/access/permissions.ts. */
  permission?: Permission;
  /**
   * For project and environment permissions: where the request names them. A route with a `:projectId` path parameter
   * is scoped by it unless it says otherwise, else one with a `:featureName` by that flag's project.
   */
  project?: ScopeSource | { flag: ScopeSource } | ScopeResolver;
  environment?: ScopeSource | ScopeResolver;
  /** A write that change requests review where they are on (http/change-request-guard.ts). */
  reviewedBy?: ReviewedBy;
  /**
   * A project permission that also allows the request where it names projects and holds this permission in each
   * (a project's members manage the project's own segments without the root permission). A request that names no
   * project (a global segment) needs `permission`.
   */
  orInProjects?: Permission;
  /** Permissions that also allow the request, depending on what it acts on (see PermissionChoice). */
  orOneOf?: PermissionChoice;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Keep the JSON body's text as sent, in `request.rawBody`, for a route that checks a signature over it. */
    keepRawBody?: boolean;
    /** A POST that other sites may send (a SAML answer posted by the identity provider); see http/csrf.ts. */
    crossSite?: 'allowed';
  }
  interface FastifyRequest {
    /** The body's text as sent, on routes that ask for it (`config.keepRawBody`). */
    rawBody?: string;
    principal?: Principal;
    /** What the principal may do, resolved once for an admin request (features/governance/access). */
    access?: Access;
    /** The area the request was authenticated for. */
    authArea?: AuthArea;
    /** How the principal proved itself; the CSRF check (csrf.ts) guards everything not sent with a token. */
    authenticatedBy?: 'session' | 'token';
  }
  interface FastifyInstance {
    /** Drops cached credential lookups in this process at once (other processes follow on the change event). */
    forgetCredentials(): void;
  }
}

export const SESSION_COOKIE = 'switchyard-session';

/** Resolves what a principal may do and what scoping a request needs; implemented by features/governance/access. */
export type AccessResolver = ChangeRequestFacts & {
  accessOf(principal: Principal): Promise<Access>;
  projectOfFlag(name: string): Promise<string | undefined>;
  /** The private projects among these; every private project when none are given. */
  privateProjects(projects?: readonly string[]): Promise<string[]>;
};

/** Looks credentials up; implemented by the users and api-tokens features. */
export type PrincipalResolver = {
  fromSession(sessionId: string): Promise<Principal | undefined>;
  /** An API token or a personal access token secret from the Authorization header. */
  fromSecret(secret: string): Promise<Principal | undefined>;
  /** An API token already looked up and still valid, without waiting; undefined when it would take a lookup. */
  cachedToken(secret: string): Principal | undefined;
  /** Drops cached lookups, e.g. after a token was deleted. */
  forget(): void;
  /** Whether a bearer secret is the SCIM token, and whether SCIM is on. */
  scimToken(secret: string): Promise<'valid' | 'invalid' | 'disabled'>;
};

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

const PASSWORD_ONLY: SignInHint = {
  type: 'password',
  path: '/auth/simple/login',
  defaultHidden: false,
  options: [],
};

/** Says where to sign in: a script reading only `message` learns as much as the sign-in page. */
function signInMessage(hint: SignInHint): string {
  const where = hint.defaultHidden ? hint.options.map((option) => option.path) : [hint.path];
  const at = where.length > 0 ? ` Sign in at ${where.join(' or ')}.` : '';
  return `You must log in to use Switchyard: the request sent no session cookie and no Authorization header.${at}`;
}

/**
 * A route's declared permission, checked when it is registered: an admin route without one, with a name outside the
 * catalogue, or with a scope naming a path parameter the route does not have stops the server from starting.
 */
export function checkRoutePermission(url: string, auth: RouteAuth | undefined): void {
  if (routeAreaOf(url, auth?.area) !== 'admin') return;
  const permission: string | undefined = auth?.permission;
  if (!permission) throw new Error(`route ${url} must declare config.auth.permission: it is an admin route`);
  for (const name of [permission, auth?.orInProjects, ...(auth?.orOneOf?.among ?? [])]) {
    if (name !== undefined && !isPermissionName(name))
      throw new Error(`route ${url} declares unknown permission ${name}`);
  }
  const project = auth?.project;
  const sources = [typeof project === 'object' ? project.flag : project, auth?.environment].filter(
    (source): source is ScopeSource => typeof source === 'string',
  );
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
export function registerAuth(
  app: FastifyInstance,
  resolver: PrincipalResolver,
  access: AccessResolver,
  /** Also called when credentials change here: caches outside Fastify (the SDK handler, workers) drop theirs. */
  alsoForget: () => void = () => undefined,
  /** How a person signs in, for the 401 to an admin request without credentials (features/identity/sso). */
  signInHint: () => Promise<SignInHint> = async () => PASSWORD_ONLY,
): void {
  app.decorate('forgetCredentials', () => {
    resolver.forget();
    alsoForget();
  });
  // Every route's area is settled at start-up: a route that cannot say who may call it stops the server from starting.
  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    routeAreaOf(route.url, auth?.area);
    checkRoutePermission(route.url, auth);
  });
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const area = requestAreaOf(request);
    const secret = authorizationSecret(request);
    const sessionId = request.cookies?.[SESSION_COOKIE];

    if (area === 'public') {
      if (sessionId) request.principal = await resolver.fromSession(sessionId);
      if (request.principal) request.authenticatedBy = 'session';
      return;
    }
    if (area === 'client' || area === 'frontend' || area === 'sdk') {
      const principal = secret ? await resolver.fromSecret(secret) : undefined;
      if (!principal) throw new AuthenticationRequired(TOKEN_REQUIRED);
      const expected: ApiTokenType[] = area === 'sdk' ? ['client', 'frontend'] : [area];
      if (principal.kind !== 'token' || !expected.includes(principal.type)) {
        throw new NoAccessError('invalid token: expected a different token type for this endpoint');
      }
      request.principal = principal;
      request.authenticatedBy = 'token';
      return;
    }

    if (area === 'scim') {
      const verdict = secret ? await resolver.scimToken(secret) : 'invalid';
      if (verdict === 'invalid')
        throw new AuthenticationRequired('SCIM requests need the SCIM token as a Bearer token');
      if (verdict === 'disabled') throw new NoAccessError('SCIM provisioning is turned off in Switchyard');
      request.authArea = 'scim';
      request.authenticatedBy = 'token';
      return;
    }

    let principal: Principal | undefined;
    if (secret) principal = await resolver.fromSecret(secret);
    else if (sessionId) principal = await resolver.fromSession(sessionId);
    if (!principal) {
      if (secret) throw new AuthenticationRequired(TOKEN_REQUIRED);
      const hint = await signInHint();
      throw AuthenticationRequired.signInAt(signInMessage(hint), hint);
    }
    if (principal.kind === 'token' && principal.type !== 'admin') {
      throw new NoAccessError('invalid token: expected a different token type for this endpoint');
    }
    request.principal = principal;
    request.authenticatedBy = secret ? 'token' : 'session';
    request.authArea = 'admin';
  });
  // After the body is parsed (a scope may name the project or environment there) and before it is validated, so a
  // caller without the permission learns nothing from validation errors.
  app.addHook('preValidation', async (request) => {
    if (request.authArea !== 'admin' || !request.principal) return;
    await authorize(request, access);
  });
}

/** The strings at a scope source: one value, a list, or none when the request does not name it. */
function valuesAt(request: FastifyRequest, source: ScopeSource): string[] {
  const dot = source.indexOf('.');
  const part = source.slice(0, dot);
  const holder = (part === 'params' ? request.params : part === 'query' ? request.query : request.body) as
    Record<string, unknown> | undefined;
  const value = holder && typeof holder === 'object' ? holder[source.slice(dot + 1)] : undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The projects and environments a request names for its route's permission. */
async function scopeOf(request: FastifyRequest, auth: RouteAuth, access: AccessResolver): Promise<Scope> {
  const params = request.params as Record<string, unknown> | undefined;
  // Undeclared, a route is scoped by the project in its path, else by the flag in its path.
  const project =
    auth.project ??
    (typeof params?.projectId === 'string'
      ? 'params.projectId'
      : typeof params?.featureName === 'string'
        ? { flag: 'params.featureName' as const }
        : undefined);
  let projects: string[] | undefined;
  if (typeof project === 'function') projects = await project(request, access);
  else if (typeof project === 'object') {
    const flags = valuesAt(request, project.flag);
    const found = await Promise.all(flags.map((flag) => access.projectOfFlag(flag)));
    projects = found.filter((name): name is string => name !== undefined);
  } else if (project) projects = valuesAt(request, project);
  const environments =
    typeof auth.environment === 'function'
      ? await auth.environment(request, access)
      : auth.environment
        ? valuesAt(request, auth.environment)
        : undefined;
  return { projects: projects?.filter((name) => name !== '*'), environments };
}

/**
 * The one visibility rule: of `projects` (every project when none are given), the private ones the principal is no
 * member of (without access, every private one). They do not exist for it: the authorization hook answers 404 for a
 * request naming one, routes whose scope reaches them through something else (a segment, a tag) ask this too, and
 * reads that span projects leave out every one of them (`hiddenProjects()`, flag-model/projects/hidden-projects.ts).
 */
export async function unseenPrivateProjects(
  access: Access | undefined,
  resolver: Pick<AccessResolver, 'privateProjects'>,
  projects?: readonly string[],
): Promise<string[]> {
  if (access && seesEverything(access)) return [];
  const candidates = projects?.filter((project) => !(access && isMember(access, project)));
  if (candidates?.length === 0) return [];
  const found = await resolver.privateProjects(candidates);
  return found.filter((project) => !(access && isMember(access, project)));
}

/**
 * The one authorization decision for admin requests: the route's declared permission, where the request says it
 * applies, against everything the principal holds. A private project the principal is no member of does not exist
 * for it.
 */
async function authorize(request: FastifyRequest, resolver: AccessResolver): Promise<void> {
  const principal = request.principal!;
  const auth = request.routeOptions.config?.auth ?? {};
  const access = await resolver.accessOf(principal);
  request.access = access;
  // Every admin route declares its permission; only a path no admin route answers (a 404 to be) gets here without.
  const permission = auth.permission ?? 'READ';
  const scope = await scopeOf(request, auth, resolver);
  const projects = scope.projects ?? [];
  const [privateProject] = await unseenPrivateProjects(access, resolver, projects);
  if (privateProject !== undefined) throw new NotFoundError(`Could not find project "${privateProject}"`);
  const inProjects =
    auth.orInProjects !== undefined && projects.length > 0 && allows(access, auth.orInProjects, scope);
  if (!inProjects && !allows(access, permission, scope)) {
    const choice = auth.orOneOf;
    const chosen = choice ? (await choice.pick(request)).filter((name) => choice.among.includes(name)) : [];
    if (!chosen.some((name) => allows(access, name, scope))) {
      const where = projects.length ? ` in project ${projects.join(', ')}` : '';
      const environments = scope.environments?.length
        ? ` (environment ${scope.environments.join(', ')})`
        : '';
      const needed = chosen.length ? chosen.join(' or ') : permission;
      throw new NoAccessError(`You need the ${needed} permission${where}${environments} to do this`);
    }
  }
  if (auth.reviewedBy) await guardChangeRequests(request, auth.reviewedBy, scope, access, resolver);
}
