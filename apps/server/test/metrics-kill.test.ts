import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

// SDK reports are held in memory and written every METRICS_FLUSH_SECONDS (decision record 0045): a kill -9 loses
// at most what arrived in the last window. The same file runs on PGlite and, with DATABASE_URL, on PostgreSQL.
const ADMIN = '*:*.metrics-kill-admin';
const CLIENT = '*:development.metrics-kill-client';
const FLUSH_SECONDS = 1;

let dataDir: string;
let database: PgDatabase | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-metrics-kill-'));
  if (process.env.DATABASE_URL) database = await createPgDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

const post = (url: string, instance: number) =>
  fetch(`${url}/api/client/metrics`, {
    method: 'POST',
    headers: { authorization: CLIENT, 'content-type': 'application/json' },
    body: JSON.stringify({
      appName: 'kill-app',
      instanceId: `instance-${instance}`,
      bucket: {
        start: new Date().toISOString(),
        stop: new Date().toISOString(),
        toggles: { counted: { yes: 1, no: 0, variants: {} } },
      },
    }),
  });

it('loses at most the last flush window of SDK metrics to a kill -9', async () => {
  const env = {
    DATA_DIR: dataDir,
    INIT_ADMIN_API_TOKENS: ADMIN,
    INIT_CLIENT_API_TOKENS: CLIENT,
    METRICS_FLUSH_SECONDS: String(FLUSH_SECONDS),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const server = await startServerProcess(env, 60_000, 'bundle');
  for (let i = 0; i < 20; i++) expect((await post(server.url, i)).status).toBe(202);
  // Older than the window (and its write): these must survive.
  await new Promise((resolve) => setTimeout(resolve, (FLUSH_SECONDS + 1.5) * 1000));
  for (let i = 20; i < 25; i++) expect((await post(server.url, i)).status).toBe(202);
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;

  const again = await startServerProcess(env, 60_000, 'bundle');
  try {
    const response = await fetch(`${again.url}/api/admin/client-metrics/features/counted/raw`, {
      headers: { authorization: ADMIN },
    });
    const rows = (await response.json()) as
      { data?: { appName: string; yes: number }[] } | { appName: string; yes: number }[];
    const list = Array.isArray(rows) ? rows : (rows.data ?? []);
    const yes = list.filter((row) => row.appName === 'kill-app').reduce((n, row) => n + row.yes, 0);
    expect(yes).toBeGreaterThanOrEqual(20);
    expect(yes).toBeLessThanOrEqual(25);
  } finally {
    await again.stop();
  }
}, 120_000);
