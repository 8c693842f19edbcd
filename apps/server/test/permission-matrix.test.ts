import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Access,
  allows,
  buildAccess,
  isPermissionName,
  type PermissionName,
  predefinedRole,
  type ProjectRoleGrant,
  type Role,
  type RolePermission,
} from '@switchyard/access';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../src/testing/test-app.ts';

type Operation = {
  operationId: string;
  security?: unknown[];
  'x-permission'?: string;
  'x-permission-alternatives'?: PermissionName[];
};
type Call = { method: string; path: string; op: Operation };
/** `sdk`: a client or a frontend token (OFREP); `signed`: an edge client's signature, which no caller here has. */
type Area = 'admin' | 'client' | 'frontend' | 'sdk' | 'signed' | 'public';

/**
 * Who calls, and what the catalogue says they hold. `held` is undefined for credentials that never reach the admin
 * API; `secret` says whether they travel in the Authorization header (which the client and frontend APIs require).
 */
type Caller = {
  name: string;
  send: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  anonymous?: true;
  /** An admin API token: it acts as no user. */
  userless?: true;
  held?: Access;
  token?: 'client' | 'frontend';
  secret: boolean;
};

let t: TestApp;
let calls: Call[];
let callers: Caller[];

const areaOf = (call: Call): Area =>
  Array.isArray(call.op.security) && call.op.security.length === 0
    ? 'public'
    : call.path.startsWith('/api/client')
      ? 'client'
      : call.path.startsWith('/api/frontend') || call.path.startsWith('/api/proxy')
        ? 'frontend'
        : call.path.startsWith('/ofrep/')
          ? 'sdk'
          : call.path === '/edge/issue-token'
            ? 'signed'
            : // Its own bearer tokens (a signal endpoint's), checked by the route: signal-routes.test.ts covers them.
              call.path.startsWith('/api/signal-endpoint/')
              ? 'public'
              : 'admin';

const withHeaders = (headers: Record<string, string>) => (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject('/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  calls = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const ok = (response: LightMyRequestResponse) => {
    if (response.statusCode >= 300)
      throw new Error(`fixture failed: ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  };
  const post = async (url: string, payload: object) => ok(await t.admin({ method: 'POST', url, payload }));
  // The project every scoped operation names; a flag in it keeps it from being deleted by the calls below.
  await post('/api/admin/projects', { id: PROJECT, name: 'Permission matrix' });
  await post(`/api/admin/projects/${PROJECT}/features`, { name: 'matrix-flag' });

  const customRole = async (role: Omit<Role, 'id' | 'description'>): Promise<Role> => {
    const created = await post('/api/admin/roles', {
      name: role.name,
      type: role.type,
      permissions: role.permissions.map(({ permission, environment }) => ({ name: permission, environment })),
    });
    return { ...role, id: created.roles.id, description: null };
  };
  const segmentKeeper = await customRole({
    name: 'Segment keeper',
    type: 'root-custom',
    permissions: [
      { permission: 'CREATE_SEGMENT' },
      { permission: 'UPDATE_SEGMENT' },
      { permission: 'READ_ROLE' },
    ],
  });
  const developmentOnly: RolePermission[] = [
    'UPDATE_FEATURE_ENVIRONMENT',
    'CREATE_FEATURE_STRATEGY',
    'UPDATE_FEATURE_STRATEGY',
    'DELETE_FEATURE_STRATEGY',
  ].map((permission) => ({ permission: permission as PermissionName, environment: 'development' }));
  const contractor = await customRole({
    name: 'Contractor',
    type: 'custom',
    permissions: [...developmentOnly, { permission: 'UPDATE_FEATURE' }],
  });

  /** A person with a root role, signed in; project roles granted in the matrix project. */
  const person = async (username: string, rootRole: Role, projectRoles: Role[] = []) => {
    const user = await post('/api/admin/user-admin', {
      username,
      password: 'password-1234',
      rootRole: rootRole.id,
    });
    if (projectRoles.length)
      await post(`/api/admin/projects/${PROJECT}/access`, {
        roles: projectRoles.map((r) => r.id),
        users: [user.id],
        groups: [],
      });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/simple/login',
      payload: { username, password: 'password-1234' },
    });
    const cookie = login.cookies[0]!;
    return { id: user.id as number, send: withHeaders({ cookie: `${cookie.name}=${cookie.value}` }) };
  };
  const inProject = (...roles: Role[]): ProjectRoleGrant[] =>
    roles.map((role) => ({ project: PROJECT, role }));
  const [Admin, Editor, Viewer, Owner, Member] = (
    ['Admin', 'Editor', 'Viewer', 'Owner', 'Member'] as const
  ).map(predefinedRole) as [Role, Role, Role, Role, Role];

  const editor = await t.as('Editor');
  const pat = await editor({
    method: 'POST',
    url: '/api/admin/user/tokens',
    payload: { description: 'matrix', expiresAt },
  });
  const account = await post('/api/admin/service-account', { username: 'matrix-bot', rootRole: 3 });
  await post(`/api/admin/projects/${PROJECT}/access`, {
    roles: [Member.id],
    users: [account.id],
    groups: [],
  });
  const accountToken = await post(`/api/admin/service-account/${account.id}/token`, {
    description: 'matrix',
    expiresAt,
  });
  const grouped = await person('matrix-grouped', Viewer);
  const group = await post('/api/admin/groups', {
    name: 'Matrix team',
    rootRole: segmentKeeper.id,
    users: [{ user: { id: grouped.id } }],
  });
  await post(`/api/admin/projects/${PROJECT}/access`, { roles: [Owner.id], users: [], groups: [group.id] });

  callers = [
    { name: 'Admin session', send: await t.as('Admin'), held: buildAccess([Admin], []), secret: false },
    { name: 'Editor session', send: editor, held: buildAccess([Editor], []), secret: false },
    { name: 'Viewer session', send: await t.as('Viewer'), held: buildAccess([Viewer], []), secret: false },
    {
      name: 'custom root role',
      send: (await person('matrix-segments', segmentKeeper)).send,
      held: buildAccess([segmentKeeper], []),
      secret: false,
    },
    {
      name: 'project Owner',
      send: (await person('matrix-owner', Viewer, [Owner])).send,
      held: buildAccess([Viewer], inProject(Owner)),
      secret: false,
    },
    {
      name: 'project Member (Editor)',
      send: (await person('matrix-member', Editor, [Member])).send,
      held: buildAccess([Editor], inProject(Member)),
      secret: false,
    },
    {
      name: 'development-only custom project role',
      send: (await person('matrix-contractor', Viewer, [contractor])).send,
      held: buildAccess([Viewer], inProject(contractor)),
      secret: false,
    },
    {
      name: 'Owner and custom root role through a group',
      send: grouped.send,
      held: buildAccess([Viewer, segmentKeeper], inProject(Owner)),
      secret: false,
    },
    {
      name: 'admin API token',
      send: withHeaders({ authorization: ADMIN_TOKEN }),
      userless: true,
      held: buildAccess([Admin], []),
      secret: true,
    },
    {
      name: 'client token',
      send: withHeaders({ authorization: CLIENT_TOKEN }),
      token: 'client',
      secret: true,
    },
    {
      name: 'frontend token',
      send: withHeaders({ authorization: FRONTEND_TOKEN }),
      token: 'frontend',
      secret: true,
    },
    {
      name: "an Editor's PAT",
      send: withHeaders({ authorization: pat.json().secret }),
      held: buildAccess([Editor], []),
      secret: true,
    },
    {
      name: 'Viewer service account, project Member',
      send: withHeaders({ authorization: accountToken.secret }),
      held: buildAccess([Viewer], inProject(Member)),
      secret: true,
    },
    { name: 'no credentials', send: withHeaders({}), anonymous: true, secret: false },
  ];
}, 60_000);
afterAll(() => t.close());

/** What the caller must get: refused as unknown (401), refused as not allowed (403), or let through. */
function expected(call: Call, caller: Caller): 401 | 403 | 'through' {
  const area = areaOf(call);
  if (area === 'public') return 'through';
  if (area === 'client' || area === 'frontend') {
    if (!caller.secret) return 401;
    return caller.token === area ? 'through' : 403;
  }
  if (area === 'sdk') {
    if (!caller.secret) return 401;
    return caller.token ? 'through' : 403;
  }
  if (area === 'signed') return 401;
  if (caller.anonymous) return 401;
  if (!caller.held) return 403;
  if (caller.userless && ABOUT_ME.includes(call.op.operationId)) return 403;
  // Alternatives follow what a request acts on (an API token's type): the matrix's writes name nothing that exists,
  // so only reads, which list what the caller may see, are let through by them.
  const alternatives = call.method === 'GET' ? (call.op['x-permission-alternatives'] ?? []) : [];
  const permissions = [call.op['x-permission'] as PermissionName, ...alternatives];
  return permissions.some((permission) => allows(caller.held!, permission, scopeOf(call))) ? 'through' : 403;
}

/** Operations whose body names the project and that default to `default` when it does not (as `{}` does not). */
const DEFAULT_PROJECT_IN_BODY = ['legacyCreateFeature'];

/** Where an operation applies, as its path names it: the matrix project and its development environment. */
function scopeOf(call: Call) {
  return {
    projects: call.path.includes('{projectId}')
      ? [PROJECT]
      : DEFAULT_PROJECT_IN_BODY.includes(call.op.operationId)
        ? ['default']
        : undefined,
    environments: call.path.includes('{environment}') ? ['development'] : undefined,
  };
}

/**
 * Path parameters name the matrix project and its development environment, everything else nothing that exists, so a
 * call that is let through ends in 400 or 404 (or changes the matrix project harmlessly: it keeps a flag, so it is never
 * deleted); a body of `{}` fails validation on every operation that changes something.
 */
const STREAMS = ['streamClientFeatures'];
/** Reads about the caller's own account: an admin API token has none, so the operation itself refuses with 403. */
const ABOUT_ME = [
  'getMe',
  'getUserRoles',
  'getPats',
  'getMySessions',
  'getProfile',
  'getPersonalDashboard',
  'getPersonalDashboardProjectDetails',
  // What one user has seen or answered: an API token is nobody (createFeedback, which the matrix sends without its
  // required body, is refused with 400 first).
  'updateSplashSettings',
  'updateFeedback',
];
const PROJECT = 'matrix';
/** The matrix project and its development environment; every other parameter names nothing that exists. */
const concrete = (path: string) =>
  path
    .replaceAll('{projectId}', PROJECT)
    .replaceAll('{environment}', 'development')
    .replace(/\{[^}]+\}/g, 'does-not-exist');

describe('the permission of every operation in openapi.json', () => {
  it('is declared on every admin operation and named in the catalogue', () => {
    const admin = calls.filter((call) => areaOf(call) === 'admin');
    expect(admin.length).toBeGreaterThan(180);
    const undeclared = admin
      .filter((call) => !isPermissionName(call.op['x-permission'] ?? ''))
      .map((call) => `${call.method} ${call.path}`);
    expect(undeclared).toEqual([]);
  });

  it('decides every operation for every kind of caller', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter((c) => areaOf(c) !== 'public')) {
      for (const caller of callers) {
        const want = expected(call, caller);
        // A stream that is let through never ends; who may open it is settled by the callers refused.
        if (want === 'through' && STREAMS.includes(call.op.operationId)) continue;
        const response = await caller.send({
          method: call.method,
          url: concrete(call.path),
          headers: { 'content-type': 'application/json' },
          payload: ['GET', 'HEAD', 'DELETE'].includes(call.method) ? undefined : '{}',
        });
        const got = response.statusCode;
        // Unleash answers some refusals of the operation itself (deleting a project that still has flags) with 403
        // InvalidOperationError; only NoAccessError is the permission check's.
        const refused = got === 401 || (got === 403 && response.json().name === 'NoAccessError');
        const ok = want === 'through' ? !refused : got === want && refused;
        if (!ok) {
          wrong.push(
            `${call.method} ${call.path} as ${caller.name}: ${got}, expected ${want} (${response.body})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
