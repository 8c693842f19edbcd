import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// Two stateless server processes on one PostgreSQL: a change made through one is served by the other within a
// second (LISTEN/NOTIFY invalidates the other process's cached payloads).
// Runs on PostgreSQL in both passes: CI's PostgreSQL pass leaves it out.
const ADMIN = '*:*.mp-admin';
const CLIENT = '*:development.mp-client';
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let database: PgDatabase | undefined;
let available = false;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  try {
    database = await createPgDatabase(baseUrl, 'switchyard_mp');
    available = true;
  } catch (error) {
    if (process.env.CI || process.env.DATABASE_URL) throw error;
    console.warn(`[multi-process] skipped: no PostgreSQL at ${baseUrl} (${(error as Error).message})`);
  }
  if (!database) return;
  const env = {
    DATABASE_URL: database.url,
    INIT_ADMIN_API_TOKENS: ADMIN,
    INIT_CLIENT_API_TOKENS: CLIENT,
  };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

const clientFlags = async (server: ServerProcess, etag?: string) => {
  const response = await fetch(`${server.url}/api/client/features`, {
    headers: { authorization: CLIENT, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return {
    status: response.status,
    etag: response.headers.get('etag') ?? undefined,
    body: response.status === 200 ? await response.json() : undefined,
  };
};

describe('several server processes on one PostgreSQL', () => {
  it('serves a change made through one process from the other within a second', async (context) => {
    if (!available) return context.skip();
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const before = await clientFlags(second);
    expect(before.status).toBe(200);
    expect((await clientFlags(second, before.etag)).status).toBe(304);

    const admin = adminClient(first.url, ADMIN);
    await admin.createFlag('cross-process');
    await admin.setEnabled('cross-process', 'development', true);
    const changedAt = Date.now();
    let seenAfter = Infinity;
    while (Date.now() - changedAt < 3000) {
      const now = await clientFlags(second, before.etag);
      if (
        now.status === 200 &&
        now.body.features.some(
          (f: { name: string; enabled: boolean }) => f.name === 'cross-process' && f.enabled,
        )
      ) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.log(`[multi-process] the other process served the change after ${seenAfter} ms`);
    expect(seenAfter).toBeLessThan(1000);
  }, 30_000);
});
