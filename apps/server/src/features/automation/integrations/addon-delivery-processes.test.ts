import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../../../testing/http-receiver.ts';
import { createPgDatabase } from '../../../testing/pg-database.ts';
import { type ServerProcess, startServerProcess } from '../../../testing/server-process.ts';

/**
 * Deliveries across real server processes: each event exactly once and in order with two processes on one
 * PostgreSQL (always on PostgreSQL: it is about processes sharing one), and nothing lost when a process is killed
 * mid-delivery and started again (on whichever database the suite runs on).
 */
const TOKEN = '*:*.addon-processes-test-token';
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const ENV = {
  INIT_ADMIN_API_TOKENS: TOKEN,
  INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
  INTEGRATION_POLL_INTERVAL_MS: '50',
  INTEGRATION_RETRY_DELAY_MS: '100',
  INTEGRATION_TIMEOUT_MS: '1000',
};

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ...ENV, ...env });
  cleanups.push(() => server.stop());
  return server;
}

async function receiver(): Promise<HttpReceiver> {
  const started = await startHttpReceiver();
  cleanups.push(() => started.close());
  return started;
}

const call = (server: ServerProcess, method: string, url: string, body?: unknown) =>
  fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function addWebhook(server: ServerProcess, url: string): Promise<void> {
  const response = await call(server, 'POST', '/api/admin/addons', {
    provider: 'webhook',
    enabled: true,
    parameters: { url, bodyTemplate: '{{event.id}} {{event.featureName}}' },
    events: ['feature-created'],
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('integration deliveries across processes', () => {
  it('deliver each event exactly once, in order, with two processes on one PostgreSQL', async () => {
    const database = await createPgDatabase(PG_BASE, 'switchyard_addons');
    cleanups.push(() => database.drop());
    const first = await start({ DATABASE_URL: database.url });
    const second = await start({ DATABASE_URL: database.url });
    const a = await receiver();
    const b = await receiver();
    await addWebhook(first, a.url);
    await addWebhook(second, b.url);
    const count = 30;
    for (let i = 0; i < count; i++) {
      const server = i % 2 ? first : second;
      expect(
        (await call(server, 'POST', '/api/admin/projects/default/features', { name: `twice-${i}` })).status,
      ).toBe(201);
    }
    await until(() => a.received.length >= count && b.received.length >= count, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const hook of [a, b]) {
      const names = hook.received.map((r) => r.body.split(' ')[1]);
      expect(names).toEqual(Array.from({ length: count }, (_, i) => `twice-${i}`));
      const ids = hook.received.map((r) => Number(r.body.split(' ')[0]));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
  }, 120_000);

  it('lose nothing when a process is killed mid-delivery and started again', async () => {
    let env: Record<string, string>;
    if (process.env.DATABASE_URL) {
      const database = await createPgDatabase(PG_BASE, 'switchyard_addons_restart');
      cleanups.push(() => database.drop());
      env = { DATABASE_URL: database.url };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-addons-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    }
    const hook = await receiver();
    hook.answers.push('hang');
    const before = await start(env);
    await addWebhook(before, hook.url);
    for (let i = 0; i < 3; i++)
      expect(
        (await call(before, 'POST', '/api/admin/projects/default/features', { name: `kept-${i}` })).status,
      ).toBe(201);
    await hook.waitFor(1);
    before.child.kill('SIGKILL');
    await new Promise((resolve) => before.child.once('exit', resolve));
    const after = await start(env);
    await until(() => new Set(hook.received.map((r) => r.body)).size >= 3, 40_000);
    const names = hook.received.map((r) => r.body.split(' ')[1]);
    // The request in flight at the kill is sent again (its claim ran out); then the rest, in order.
    expect(names).toEqual(['kept-0', 'kept-0', 'kept-1', 'kept-2']);
    const addons = (await (await call(after, 'GET', '/api/admin/addons')).json()).addons as { id: number }[];
    const log = (await (await call(after, 'GET', `/api/admin/addons/${addons[0]!.id}/events`)).json())
      .integrationEvents as { state: string }[];
    expect(log.map((entry) => entry.state)).toEqual(['success', 'success', 'success']);
  }, 120_000);
});
