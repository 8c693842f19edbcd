import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../../../testing/pg-database.ts';
import { type ServerProcess, startServerProcess } from '../../../testing/server-process.ts';

/**
 * Scheduled change requests across real server processes: exactly once with two processes on one PostgreSQL, and
 * applied after a kill -9 and a restart before their time. The first always runs on PostgreSQL (it is about several
 * processes sharing one); the second on whichever database the suite runs on.
 */
const TOKEN = '*:*.scheduler-test-admin-token';
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A parsed JSON response, read field by field in the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses of many shapes
type Json = any;
type Call = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: () => Promise<Json> }>;
const caller =
  (server: ServerProcess, auth: Record<string, string>): Call =>
  (method, url, body) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ INIT_ADMIN_API_TOKENS: TOKEN, ...env });
  cleanups.push(() => server.stop());
  return server;
}

async function signIn(server: ServerProcess, username: string): Promise<Call> {
  const admin = caller(server, { authorization: TOKEN });
  const created = await admin('POST', '/api/admin/user-admin', {
    username,
    password: 'password-1234',
    rootRole: 3,
  });
  expect(created.status).toBe(201);
  const login = await fetch(`${server.url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'password-1234' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return caller(server, { cookie });
}

/** A project with change requests on in production, an author and a reviewer, and `count` approved requests. */
async function approvedRequests(server: ServerProcess, count: number) {
  const admin = caller(server, { authorization: TOKEN });
  await admin('POST', '/api/admin/projects', { id: 'timed', name: 'Timed' });
  const role = await (
    await admin('POST', '/api/admin/roles', {
      name: 'Timed reviewer',
      type: 'custom',
      permissions: [
        { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
        { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
      ],
    })
  ).json();
  const author = await signIn(server, 'author');
  const reviewer = await signIn(server, 'reviewer');
  const users = (await (await admin('GET', '/api/admin/user-admin')).json()).users as {
    id: number;
    username: string;
  }[];
  const ids = users.filter((u) => ['author', 'reviewer'].includes(u.username)).map((u) => u.id);
  await admin('POST', '/api/admin/projects/timed/access', {
    users: ids,
    groups: [],
    roles: [5, role.roles.id],
  });
  await admin('PUT', '/api/admin/projects/timed/environments/production/change-requests/config', {
    changeRequestsEnabled: true,
  });
  const requests: { id: number; flag: string }[] = [];
  for (let i = 0; i < count; i++) {
    const flag = `timed-${i}`;
    expect((await admin('POST', '/api/admin/projects/timed/features', { name: flag })).status).toBe(201);
    const drafted = await author(
      'POST',
      '/api/admin/projects/timed/environments/production/change-requests',
      {
        feature: flag,
        action: 'updateEnabled',
        payload: { enabled: true },
      },
    );
    const { id } = await drafted.json();
    await author('PUT', `/api/admin/projects/timed/change-requests/${id}/state`, { state: 'In review' });
    const approved = await reviewer('PUT', `/api/admin/projects/timed/change-requests/${id}/state`, {
      state: 'Approved',
    });
    expect((await approved.json()).state).toBe('Approved');
    requests.push({ id, flag });
  }
  const schedule = async (at: Date) => {
    for (const { id } of requests) {
      const response = await author('PUT', `/api/admin/projects/timed/change-requests/${id}/state`, {
        state: 'Scheduled',
        scheduledAt: at.toISOString(),
      });
      expect(response.status).toBe(200);
    }
  };
  return { requests, schedule };
}

/** Waits until every request is applied (or the time is up), then counts what each left in the event log. */
async function waitForApplied(server: ServerProcess, requests: { id: number; flag: string }[], ms: number) {
  const admin = caller(server, { authorization: TOKEN });
  const deadline = Date.now() + ms;
  for (;;) {
    const states = await Promise.all(
      requests.map(
        async ({ id }) =>
          (await (await admin('GET', `/api/admin/projects/timed/change-requests/${id}`)).json()).state,
      ),
    );
    if (states.every((s) => s === 'Applied') || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Promise.all(
    requests.map(async ({ id, flag }) => {
      const cr = await (await admin('GET', `/api/admin/projects/timed/change-requests/${id}`)).json();
      const search = async (query: string) =>
        (await (await admin('GET', `/api/admin/search/events?${query}&limit=1000`)).json()).events as {
          data: { changeRequestId?: number };
        }[];
      const enabled = (await search(`feature=IS:${flag}&type=IS:feature-environment-enabled`)).length;
      const applied = (await search('type=IS:change-request-applied')).filter(
        (e) => e.data.changeRequestId === id,
      ).length;
      return { state: cr.state, enabled, applied, appliedAt: Date.parse(cr.stateTimestamps.Applied) };
    }),
  );
}

describe('scheduled change requests across processes', () => {
  it('apply exactly once with two processes polling one PostgreSQL', async () => {
    const database: PgDatabase = await createPgDatabase(PG_BASE, 'switchyard_sched');
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url };
    const first = await start(env);
    const second = await start(env);
    const { requests, schedule } = await approvedRequests(first, 12);
    const at = new Date(Date.now() + 2000);
    await schedule(at);
    const results = await waitForApplied(second, requests, 20_000);
    for (const result of results) {
      expect(result).toMatchObject({ state: 'Applied', enabled: 1, applied: 1 });
      // Within 5 s of its time.
      expect(result.appliedAt - at.getTime()).toBeLessThan(5000);
    }
  }, 120_000);

  it('apply after a kill -9 and a restart before their time', async () => {
    let env: Record<string, string>;
    if (process.env.DATABASE_URL) {
      const database = await createPgDatabase(PG_BASE, 'switchyard_restart');
      cleanups.push(() => database.drop());
      env = { DATABASE_URL: database.url };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-restart-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    }
    const before = await start(env);
    const { requests, schedule } = await approvedRequests(before, 2);
    await schedule(new Date(Date.now() + 3000));
    before.child.kill('SIGKILL');
    await new Promise((resolve) => before.child.once('exit', resolve));
    const after = await start(env);
    const results = await waitForApplied(after, requests, 30_000);
    for (const result of results) expect(result).toMatchObject({ state: 'Applied', enabled: 1, applied: 1 });
  }, 120_000);
});
