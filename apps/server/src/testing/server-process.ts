import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent } from '../../scripts/bundle-inputs.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { seedDataDir } from './migrated-template.ts';
import { createPgDatabase, type PgDatabase } from './pg-database.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The SECRETS_KEY of server processes on PostgreSQL whose test names none (32 bytes, base64). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export type ServerProcess = {
  /** Where the server answers: its origin and BASE_URI_PATH, if the test set one. */
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
};

/**
 * Builds dist/main.mjs when it is older than its sources (scripts/test.mjs builds it before the run; another
 * checkout's server, which the bench may start, builds its own).
 */
function ensureBundle(): void {
  if (bundleIsCurrent()) return;
  const built = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts/build.mjs')], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server bundle did not build:\n${built.stdout}${built.stderr}`);
}

/**
 * Starts the real server as a child process, from the production bundle as `npm run server` runs it, and waits
 * until /health answers. When the tests run on PostgreSQL (DATABASE_URL set) and the caller names no database,
 * the process gets a new database of its own, dropped when it stops. A new database, and an empty or missing
 * DATA_DIR, start as a copy of the migrated template (testing/migrated-template.ts), so the server skips the
 * migrations; the `serve` entry, which the start-up benchmark measures, always starts as users' first start does.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  /**
   * `bundle` runs dist/main.mjs (build it first with scripts/build.mjs), as `npm run server` does; `serve` runs
   * `npm run server`'s own launcher, which builds the bundle when it is out of date.
   */
  entry: 'source' | 'bundle' | 'serve' = 'bundle',
  /** Extra node flags, e.g. `--cpu-prof` to profile the server under the benchmark. */
  nodeArgs: string[] = [],
  /** Another checkout's server (the bench compares with the previous commit this way). */
  serverDir = SERVER_DIR,
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  let database: PgDatabase | undefined;
  if (env.DATABASE_URL === undefined && process.env.DATABASE_URL) {
    database = await createPgDatabase(process.env.DATABASE_URL, 'switchyard_t', { empty: entry === 'serve' });
    env = { ...env, DATABASE_URL: database.url };
  }
  // PostgreSQL requires SECRETS_KEY; the processes of one test share this one unless the test names its own.
  if (env.DATABASE_URL && env.SECRETS_KEY === undefined && !process.env.SECRETS_KEY)
    env = { ...env, SECRETS_KEY: TEST_SECRETS_KEY };
  if (entry === 'bundle' && serverDir === SERVER_DIR) ensureBundle();
  if (entry !== 'serve' && env.DATA_DIR && !env.DATABASE_URL) await seedDataDir(env.DATA_DIR);
  let output = '';
  const args = [
    // The same V8 settings as `npm run server`, so tests and the benchmark run the server as users do.
    ...SERVER_NODE_FLAGS,
    ...nodeArgs,
    ...{
      source: ['--import', 'tsx', 'src/main.ts'],
      bundle: ['dist/main.mjs'],
      serve: ['scripts/serve.mjs'],
    }[entry],
  ];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    // One process unless a test asks for workers: most tests read their own writes at once (cluster/). SDK
    // reports are written every second, well within the tests' 5 s waits (decision record 0045).
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      WORKERS: '1',
      METRICS_FLUSH_SECONDS: '1',
      // Its input is a pipe from this process: when the test runner is killed, the server and its workers stop.
      STOP_WHEN_STDIN_CLOSES: 'true',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const basePath = (env.BASE_URI_PATH ?? '').replace(/^\/*/, '/').replace(/\/+$/, '');
  const url = `http://127.0.0.1:${port}${basePath}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await database?.drop();
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await database?.drop().catch(() => undefined);
      throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    // Often enough for the start-up benchmark to measure to a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: async () => {
      const code = await new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (exitCode) => resolve(exitCode));
        child.kill('SIGTERM');
      });
      await database?.drop();
      return code;
    },
  };
}
