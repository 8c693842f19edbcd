import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { siteDir } from './site';

/** The tokens the test server creates at start; the samples read them from SWITCHYARD_* variables. */
export const TOKENS = {
  admin: '*:*.docs-admin-secret',
  client: 'default:development.docs-client-secret',
  frontend: 'default:development.docs-frontend-secret',
};

export type RunningServer = {
  url: string;
  env: Record<string, string>;
  output: () => string;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/health within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts Switchyard as `npm start` does (`npm run server` at the repository root) on a free port with an empty
 * database in a temporary folder, and waits until it is healthy.
 */
export async function startSwitchyard(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-docs-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['run', 'server'], {
    cwd: path.resolve(siteDir, '..', '..'),
    // Its own process group, so stopping it stops npm, tsx and the server together.
    detached: true,
    // Its input is a pipe from this process, which closes when the test runner is killed: the server then stops.
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Always a fresh embedded database: the DATABASE_URL of CI's PostgreSQL run holds earlier runs' data.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STOP_WHEN_STDIN_CLOSES: 'true',
      INIT_ADMIN_API_TOKENS: TOKENS.admin,
      INIT_CLIENT_API_TOKENS: TOKENS.client,
      INIT_FRONTEND_API_TOKENS: TOKENS.frontend,
      ...extraEnv,
    },
  });
  // Never leave a server behind, even when the test run is interrupted before its afterAll.
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) killGroup();
    }
    process.off('exit', killGroup);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    env: {
      SWITCHYARD_URL: url,
      SWITCHYARD_ADMIN_TOKEN: TOKENS.admin,
      SWITCHYARD_CLIENT_TOKEN: TOKENS.client,
      SWITCHYARD_FRONTEND_TOKEN: TOKENS.frontend,
    },
    output: () => log,
    stop,
  };
}
