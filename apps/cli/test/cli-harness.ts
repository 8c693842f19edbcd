import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from '../../server/src/testing/server-process.ts';
import type { Io } from '../src/io.ts';
import { run } from '../src/main.ts';

export const ADMIN = '*:*.cli-test-admin-token';
export const CLIENT = '*:development.cli-test-client-token';
export const CLIENT_PRODUCTION = '*:production.cli-test-client-token';
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/switchyard.mjs');

/** A Switchyard server process (its own database, PGlite or PostgreSQL as the run says) with known tokens. */
export async function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'switchyard-cli-')),
    INIT_ADMIN_API_TOKENS: ADMIN,
    INIT_CLIENT_API_TOKENS: `${CLIENT},${CLIENT_PRODUCTION}`,
  });
}

export type Ran = { code: number; stdout: string; stderr: string };

/** A home of its own, so no test reads or writes the profiles of the person running it. */
export const tempHome = () => mkdtempSync(path.join(tmpdir(), 'switchyard-home-'));

/** Runs a command line in-process, through the same `run` the binary calls. */
export async function cli(
  argv: string[],
  env: Record<string, string | undefined> = {},
  cwd = process.cwd(),
  home = tempHome(),
): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (text) => (stdout += text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => (stderr += text.endsWith('\n') ? text : `${text}\n`),
    env,
    cwd,
    home,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Runs bin/switchyard.mjs as a child process, as a terminal or a CI job does. */
export function cliProcess(
  argv: string[],
  env: Record<string, string | undefined> = {},
  cwd = process.cwd(),
): Promise<Ran> {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd,
    env: { PATH: process.env.PATH, HOME: env.HOME ?? tempHome(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The Admin API as a test writes to it directly ("a change made in the UI"). */
export function admin(server: ServerProcess) {
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: ADMIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as Record<string, unknown>;
  };
}
