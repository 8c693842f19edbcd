/**
 * What both bench modes share: the bundled server started as `npm run server` runs it, on a fresh database, with
 * known tokens, and 1,000 (BENCH_FLAGS) flags created through the Admin API.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import type { SeedFlag } from './seed-flags.ts';

export const ADMIN = '*:*.bench-admin';
export const CLIENT = '*:development.bench-client';
export const FRONTEND = '*:development.bench-frontend';
export const FLAGS = Number(process.env.BENCH_FLAGS ?? 1000);

const ticks = Number(process.env.CLK_TCK ?? 100);

export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

async function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}
/** The most the server process has held in memory so far. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');
/** What the server process holds in memory now. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** A process and its children (a server's workers). */
export function processTree(pid: number): number[] {
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits with 1 when there are none
  }
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
  return [pid, ...children];
}

export type BenchServer = {
  server: ServerProcess;
  pid: number;
  /** An Admin API request that throws unless it succeeds; returns the JSON body, if it has one. */
  admin(method: string, url: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
};

export async function startBenchServer(
  say: (message: string) => void,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-bench-'));
  say(
    process.env.DATABASE_URL
      ? 'database: a new database on the PostgreSQL server of DATABASE_URL'
      : 'database: embedded PGlite in a new data directory',
  );
  // BENCH_SERVER_DIR=<checkout>/apps/server measures another checkout's server (say the previous commit's).
  const serverDir = process.env.BENCH_SERVER_DIR ? path.resolve(process.env.BENCH_SERVER_DIR) : undefined;
  say(`bundling the server as \`npm run server\` runs it${serverDir ? ` (in ${serverDir})` : ''}`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: serverDir });
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
      INIT_FRONTEND_API_TOKENS: FRONTEND,
      LOG_LEVEL: 'error',
      // One process unless the scenario asks for workers (bench/workers.ts).
      WORKERS: '1',
      ...env,
    },
    // BENCH_START_TIMEOUT_MS: a loaded machine may need longer to create the database.
    Number(process.env.BENCH_START_TIMEOUT_MS ?? 90_000),
    'bundle',
    [
      // BENCH_PROFILE=<dir> writes a CPU profile of the server (all phases) there when it stops.
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      // BENCH_NODE_ARGS="--max-semi-space-size=4" tries Node or V8 settings on the server.
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    serverDir,
  );
  const admin = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
    return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  };
  return {
    server,
    pid: server.child.pid!,
    admin,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates the flags with a strategy each in development, turning on those meant to be on. */
export async function createFlags(bench: BenchServer, flags: SeedFlag[]): Promise<void> {
  for (const flag of flags) {
    await bench.admin('POST', '/api/admin/projects/default/features', { name: flag.name, type: 'release' });
    await bench.admin(
      'POST',
      `/api/admin/projects/default/features/${flag.name}/environments/development/strategies`,
      flag.strategy,
    );
    if (flag.enabled)
      await bench.admin(
        'POST',
        `/api/admin/projects/default/features/${flag.name}/environments/development/on`,
      );
  }
}
