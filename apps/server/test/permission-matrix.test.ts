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
import { type PrivateProject, seedPrivateProject } from '../src/testing/private-project.ts';

const PROJECT = 'matrix';
/** Change requests review its production environment. */
const REVIEWED_PROJECT = 'reviewed';
/** Private, with MARKER in its data (src/testing/private-project.ts). */
const PRIVATE_PROJECT = 'hush';
const MARKER = 'hushmarker';

type Operation = {
  operationId: string;
  security?: unknown[];
  'x-permission'?: string;
  'x-permission-alternatives'?: PermissionName[];
  'x-reviewed-by'?: 'environment' | 'project' | 'segment';
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
  /** The project and environment its path parameters name (the matrix project's development environment unless said). */
  project?: string;
  environment?: string;
  /** The project it names is private and it is no member: every operation naming it answers 404. */
  hidden?: true;
};

let t: TestApp;
let calls: Call[];
let callers: Caller[];
/** A Viewer outside the private project, and one who is a member of it. */
let outsider: Caller['send'];
let insider: Caller['send'];
let priv: PrivateProject;

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

  // A project where change requests review production, with its own Owner and Member (no SKIP_CHANGE_REQUEST).
  await post('/api/admin/projects', { id: REVIEWED_PROJECT, name: 'Reviewed' });
  await post(`/api/admin/projects/${REVIEWED_PROJECT}/features`, { name: 'reviewed-flag' });
  ok(
    await t.admin({
      method: 'PUT',
      url: `/api/admin/projects/${REVIEWED_PROJECT}/environments/production/change-requests/config`,
      payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
    }),
  );
  const inReviewed = (...roles: Role[]): ProjectRoleGrant[] =>
    roles.map((role) => ({ project: REVIEWED_PROJECT, role }));
  const reviewedPerson = async (username: string, role: Role) => {
    const who = await person(username, Viewer);
    await post(`/api/admin/projects/${REVIEWED_PROJECT}/access`, {
      roles: [role.id],
      users: [who.id],
      groups: [],
    });
    return who.send;
  };
  priv = await seedPrivateProject(t, { project: PRIVATE_PROJECT, marker: MARKER });
  /** A token of one project: the matrix project's development environment. */
  const scopedToken = async (type: 'client' | 'frontend') =>
    (
      await post('/api/admin/api-tokens', {
        tokenName: `matrix-${type}`,
        type,
        projects: [PROJECT],
        environment: 'development',
      })
    ).secret as string;

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
    {
      name: 'Owner of a project where production is reviewed',
      send: await reviewedPerson('matrix-reviewed-owner', Owner),
      held: buildAccess([Viewer], inReviewed(Owner)),
      secret: false,
      project: REVIEWED_PROJECT,
      environment: 'production',
    },
    {
      name: 'Member of a project where production is reviewed',
      send: await reviewedPerson('matrix-reviewed-member', Member),
      held: buildAccess([Viewer], inReviewed(Member)),
      secret: false,
      project: REVIEWED_PROJECT,
      environment: 'production',
    },
    {
      name: 'Editor outside a private project',
      send: editor,
      held: buildAccess([Editor], []),
      secret: false,
      project: PRIVATE_PROJECT,
      hidden: true,
    },
    {
      name: 'client token of one project',
      send: withHeaders({ authorization: await scopedToken('client') }),
      token: 'client',
      secret: true,
    },
    {
      name: 'frontend token of one project',
      send: withHeaders({ authorization: await scopedToken('frontend') }),
      token: 'frontend',
      secret: true,
    },
    { name: 'no credentials', send: withHeaders({}), anonymous: true, secret: false },
  ];
  outsider = await t.as('Viewer');
  insider = await t.as('Viewer', { memberOf: [PRIVATE_PROJECT] });
}, 180_000);
afterAll(() => t.close());

/**
 * What the caller must get: refused as unknown (401), refused as not allowed (403), not found (404: a private project
 * it is no member of), or let through.
 */
function expected(call: Call, caller: Caller): 401 | 403 | 404 | 'through' {
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
  if (caller.hidden && call.path.includes('{projectId}')) return 404;
  const scope = scopeOf(call, caller);
  // Alternatives follow what a request acts on (an API token's type): the matrix's writes name nothing that exists,
  // so only reads, which list what the caller may see, are let through by them.
  const alternatives = call.method === 'GET' ? (call.op['x-permission-alternatives'] ?? []) : [];
  const permissions = [call.op['x-permission'] as PermissionName, ...alternatives];
  if (!permissions.some((permission) => allows(caller.held!, permission, scope))) return 403;
  return reviewedFor(call, caller, scope) ? 403 : 'through';
}

/** Environments where change requests are on, by project. */
const REVIEWED: Record<string, string[]> = { [REVIEWED_PROJECT]: ['production'] };

/** Whether change requests review this write where it applies and the caller may not skip them. */
function reviewedFor(call: Call, caller: Caller, scope: ReturnType<typeof scopeOf>): boolean {
  const by = call.op['x-reviewed-by'];
  const project = scope.projects?.[0];
  if (!by || by === 'segment' || !project) return false;
  const on = REVIEWED[project] ?? [];
  const environments = by === 'project' ? on : (scope.environments ?? []).filter((e) => on.includes(e));
  return environments.some(
    (environment) =>
      !allows(caller.held!, 'SKIP_CHANGE_REQUEST', { projects: [project], environments: [environment] }),
  );
}

/** Operations whose body names the project and that default to `default` when it does not (as `{}` does not). */
const DEFAULT_PROJECT_IN_BODY = ['legacyCreateFeature'];

/** Where an operation applies, as its path names it: the caller's project and environment. */
function scopeOf(call: Call, caller: Caller) {
  return {
    projects: call.path.includes('{projectId}')
      ? [caller.project ?? PROJECT]
      : DEFAULT_PROJECT_IN_BODY.includes(call.op.operationId)
        ? ['default']
        : undefined,
    environments: call.path.includes('{environment}') ? [caller.environment ?? 'development'] : undefined,
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
/** The caller's project and environment; every other parameter names nothing that exists. */
const concrete = (path: string, caller: Caller) =>
  path
    .replaceAll('{projectId}', caller.project ?? PROJECT)
    .replaceAll('{environment}', caller.environment ?? 'development')
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
          url: concrete(call.path, caller),
          headers: { 'content-type': 'application/json' },
          payload: ['GET', 'HEAD', 'DELETE'].includes(call.method) ? undefined : '{}',
        });
        const got = response.statusCode;
        // Unleash answers some refusals of the operation itself (deleting a project that still has flags) with 403
        // InvalidOperationError; only NoAccessError is the permission check's.
        const refused = got === 401 || (got === 403 && response.json().name === 'NoAccessError');
        const ok = want === 'through' ? !refused : want === 404 ? got === 404 : got === want && refused;
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

/**
 * Every read's path with its parameters naming the private project's data (its flag, segment, strategy, tag, the
 * application that reported its flag) and the private project itself or, where `project` says, another one.
 */
const privately = (path: string, project = priv.project) =>
  path
    .replaceAll('{projectId}', project)
    .replaceAll('{environment}', 'development')
    .replace(/\{(featureName|name|child|parent)\}/g, priv.privateFlag)
    .replaceAll('{id}', String(priv.privateSegment))
    .replaceAll('{strategyId}', priv.privateStrategy)
    .replaceAll('{contextField}', priv.contextField)
    .replaceAll('{appName}', priv.appName)
    .replaceAll('{type}', 'simple')
    .replaceAll('{value}', priv.privateTag)
    .replace(/\{[^}]+\}/g, 'does-not-exist');

/** Reads that never end. */
const OPEN_ENDED = ['streamClientFeatures', 'streamEvents'];

describe("a private project's data", () => {
  it('is shown by no read to a non-member, while a member sees it', async () => {
    const reads = calls.filter(
      (call) =>
        call.method === 'GET' && !OPEN_ENDED.includes(call.op.operationId) && areaOf(call) === 'admin',
    );
    const leaks: string[] = [];
    const seenByMember: string[] = [];
    const urls = reads.flatMap((call) =>
      [...new Set([privately(call.path), privately(call.path, 'default')])].map((url) => ({ call, url })),
    );
    for (const { call, url } of urls) {
      const [unseen, seen] = await Promise.all([outsider({ url }), insider({ url })]);
      if (seen.statusCode === 200 && seen.body.includes(MARKER)) seenByMember.push(call.op.operationId);
      // A 404 may name what was asked for; only an answer shows data.
      if (unseen.statusCode === 200 && unseen.body.includes(MARKER))
        leaks.push(`${call.method} ${url}: ${unseen.body.slice(0, 300)}`);
    }
    expect(leaks.join('\n')).toBe('');
    // The fixture reaches the reads of finding 6 (issue 30), so a read that leaked there would be caught.
    expect(seenByMember).toEqual(
      expect.arrayContaining([
        'getSegments',
        'getStrategiesBySegmentId',
        'getStrategiesByContextField',
        'getSegmentsByStrategyId',
        'getApplication',
        'getFeatureUsageSummary',
        'getRawFeatureMetrics',
        'getTagsByType',
      ]),
    );
  }, 120_000);

  it('is sent to no token of another project', async () => {
    const reads = calls.filter(
      (call) =>
        call.method === 'GET' &&
        !OPEN_ENDED.includes(call.op.operationId) &&
        ['client', 'frontend', 'sdk'].includes(areaOf(call)),
    );
    expect(reads.length).toBeGreaterThan(3);
    const leaks: string[] = [];
    for (const call of reads) {
      for (const caller of callers.filter((c) => c.name.endsWith('token of one project'))) {
        if (areaOf(call) !== 'sdk' && caller.token !== areaOf(call)) continue;
        const response = await caller.send({ url: privately(call.path) });
        if (response.statusCode !== 200) continue;
        const shown = JSON.stringify(response.json());
        if (shown.includes(MARKER)) leaks.push(`${call.path} as ${caller.name}: ${shown.slice(0, 300)}`);
      }
    }
    expect(leaks.join('\n')).toBe('');
  });
});
