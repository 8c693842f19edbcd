import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

const ADMIN = '*:*.process-test-admin';
let dataDir: string;
let database: PgDatabase | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-process-'));
  if (process.env.DATABASE_URL) database = await createPgDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

// On PostgreSQL (CI's second run) both processes use one new database; on PGlite, one fresh DATA_DIR.
it('keeps what was saved across a restart and stops cleanly on SIGTERM', async () => {
  const env = {
    DATA_DIR: dataDir,
    INIT_ADMIN_API_TOKENS: ADMIN,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const first = await startServerProcess(env);
  const name = `restart-${Date.now()}`;
  const created = await fetch(`${first.url}/api/admin/projects/default/features`, {
    method: 'POST',
    headers: { authorization: ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name, description: 'survives a restart' }),
  });
  expect(created.status).toBe(201);
  expect(await first.stop()).toBe(0);
  expect(first.output()).toContain('stopped');

  const second = await startServerProcess(env);
  try {
    const flag = await fetch(`${second.url}/api/admin/projects/default/features/${name}`, {
      headers: { authorization: ADMIN },
    });
    expect(flag.status).toBe(200);
    expect(await flag.json()).toMatchObject({ name, description: 'survives a restart' });
  } finally {
    await second.stop();
  }
}, 240_000);

it('refuses to start with invalid configuration and names the variable', async () => {
  await expect(startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'shouty' }, 15_000)).rejects.toThrow(
    /LOG_LEVEL/,
  );
}, 30_000);
