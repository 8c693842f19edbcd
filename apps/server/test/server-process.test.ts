import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
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

it('starts with the same V8 memory settings from npm run server, npm start and the tests', async () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const server = JSON.parse(await readFile(path.join(root, 'apps/server/package.json'), 'utf8'));
  expect(server.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs`);
  expect(await readFile(path.join(root, 'scripts/start.mjs'), 'utf8')).toContain(
    "[...SERVER_NODE_FLAGS, 'apps/server/scripts/serve.mjs']",
  );
  expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=8');
});

// `npm run server` runs the esbuild bundle, not the sources: it must find its migrations and keep error names.
it('runs as the bundle that npm run server builds, with the same API and error names', async () => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '..') });
  const bundleDir = await mkdtemp(path.join(tmpdir(), 'switchyard-bundle-'));
  const server = await startServerProcess(
    { DATA_DIR: path.join(bundleDir, 'data'), INIT_ADMIN_API_TOKENS: ADMIN },
    90_000,
    'bundle',
  );
  try {
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${server.url}${url}`, {
        method,
        headers: { authorization: ADMIN, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const missing = await call('GET', '/api/admin/projects/default/features/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ name: 'NotFoundError' });
    const bad = await call('POST', '/api/admin/projects/default/features', { name: 42 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ name: 'BadDataError' });
    expect((await call('POST', '/api/admin/projects/default/features', { name: 'bundled' })).status).toBe(
      201,
    );
  } finally {
    expect(await server.stop()).toBe(0);
    await rm(bundleDir, { recursive: true, force: true });
  }
}, 120_000);

/** Whether the process runs (a zombie nobody has reaped yet has ended). */
const running = (pid: number) => {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).startsWith('Z');
  } catch {
    return false; // ps exits with 1 when there is no such process
  }
};

// A test runner killed with SIGKILL cannot stop what it started: the server sees its input pipe close, and stops.
it('stops with its workers, none replaced, when the process that started it is killed', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'switchyard-orphan-'));
  // The parent starts the server with the tests' own helper, says its pid and waits to be killed.
  const parent = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startServerProcess } = await import('./src/testing/server-process.ts');
       const server = await startServerProcess({ DATA_DIR: process.env.ORPHAN_DATA_DIR, DATABASE_URL: '', WORKERS: '2' });
       console.log('server ' + server.child.pid);
       setInterval(() => undefined, 60_000);`,
    ],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ORPHAN_DATA_DIR: path.join(work, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let said = '';
  parent.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const pids: number[] = [];
  try {
    const serverPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        const pid = /server (\d+)/.exec(said)?.[1];
        if (pid) resolve(Number(pid));
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited with ${code}:\n${said}`)));
    });
    const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(serverPid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim())
      .map(Number);
    expect(workers).toHaveLength(2);
    pids.push(serverPid, ...workers);
    expect(pids.every(running)).toBe(true);

    parent.kill('SIGKILL');
    await expect.poll(() => pids.filter(running), { timeout: 15_000, interval: 100 }).toEqual([]);
  } finally {
    parent.kill('SIGKILL');
    for (const pid of pids.filter(running)) process.kill(pid, 'SIGKILL');
    await rm(work, { recursive: true, force: true });
  }
}, 120_000);
