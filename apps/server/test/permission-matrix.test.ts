import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grants,
  isPermissionName,
  type PermissionName,
  ROOT_ROLE_PERMISSIONS,
} from '../src/features/access/permissions.ts';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../src/testing/test-app.ts';

type Operation = { operationId: string; security?: unknown[]; 'x-permission'?: string };
type Call = { method: string; path: string; op: Operation };
type Area = 'admin' | 'client' | 'frontend' | 'public';

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
  held?: readonly PermissionName[];
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
      : call.path.startsWith('/api/frontend')
        ? 'frontend'
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
  const editor = await t.as('Editor');
  const pat = await editor({
    method: 'POST',
    url: '/api/admin/user/tokens',
    payload: { description: 'matrix', expiresAt },
  });
  const account = await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username: 'matrix-viewer-bot', rootRole: 3 },
  });
  const accountToken = await t.admin({
    method: 'POST',
    url: `/api/admin/service-account/${account.json().id}/token`,
    payload: { description: 'matrix', expiresAt },
  });
  const { Admin, Editor, Viewer } = ROOT_ROLE_PERMISSIONS;
  callers = [
    { name: 'Admin session', send: await t.as('Admin'), held: Admin, secret: false },
    { name: 'Editor session', send: editor, held: Editor, secret: false },
    { name: 'Viewer session', send: await t.as('Viewer'), held: Viewer, secret: false },
    {
      name: 'admin API token',
      send: withHeaders({ authorization: ADMIN_TOKEN }),
      userless: true,
      held: Admin,
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
      held: Editor,
      secret: true,
    },
    {
      name: 'Viewer service account',
      send: withHeaders({ authorization: accountToken.json().secret }),
      held: Viewer,
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
  if (caller.anonymous) return 401;
  if (!caller.held) return 403;
  if (caller.userless && ABOUT_ME.includes(call.op.operationId)) return 403;
  return grants(caller.held, call.op['x-permission'] as PermissionName) ? 'through' : 403;
}

/**
 * Every path parameter names nothing that exists, so a call that is let through ends in 400 or 404 and no fixture
 * is changed or deleted; a body of `{}` fails validation on every operation that changes something.
 */
const STREAMS = ['streamClientFeatures'];
/** Reads about the caller's own account: an admin API token has none, so the operation itself refuses with 403. */
const ABOUT_ME = [
  'getMe',
  'getUserRoles',
  'getPats',
  'getPersonalDashboard',
  'getPersonalDashboardProjectDetails',
];
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'does-not-exist');

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
        const ok = want === 'through' ? got !== 401 && got !== 403 : got === want;
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
