import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
// @ts-expect-error: a plain .mjs script without types
import { ensureUnleash } from '../scripts/install-unleash.mjs';

const POSTGRES = process.env.UNLEASH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type UnleashProcess = {
  url: string;
  adminToken: string;
  /** A client token Unleash creates at start, weak as its docs' examples are. */
  weakClientToken: string;
  output(): string;
  stop(): Promise<void>;
};

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A real unleash-server 7.6.5 as a child process, on a fresh PostgreSQL database of its own (dropped on stop).
 * Its own migrations make the first start take a while: start one per test file.
 */
export async function startUnleash(port: number, timeoutMs = 240_000): Promise<UnleashProcess> {
  const entry = (ensureUnleash as () => string)();
  const database = `unleash_migrate_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  // As Unleash's docs set them: shorter than Switchyard lets a new token be, so the migration must keep them as they are.
  const adminToken = '*:*.admintoken';
  const weakClientToken = '*:development.x';
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const main = pathToFileURL(path.join(entry, 'dist/lib/server-impl.js')).href;
  const script = `import(${JSON.stringify(main)}).then((m) => m.start({ server: { port: ${port} }, logLevel: 'warn' }))`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    env: {
      ...env,
      DATABASE_URL: POSTGRES.replace(/\/[^/]*$/, `/${database}`),
      DATABASE_SSL: 'false',
      INIT_ADMIN_API_TOKENS: adminToken,
      INIT_CLIENT_API_TOKENS: weakClientToken,
      UNLEASH_TELEMETRY_DISABLED: 'true',
      CHECK_VERSION: 'false',
      SEND_TELEMETRY: 'false',
      NODE_ENV: 'production',
      // Environment variants: 7.x accepts new ones only with this; instances upgraded from older versions have them.
      UNLEASH_EXPERIMENTAL_ENABLE_LEGACY_VARIANTS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`unleash exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/admin/projects`, { headers: { authorization: adminToken } });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`unleash did not start in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, adminToken, weakClientToken, output: () => output, stop };
}
