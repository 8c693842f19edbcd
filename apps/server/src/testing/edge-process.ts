import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type EdgeProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
};

/**
 * Starts `npm run edge`'s entry (`src/edge/edge-main.ts`), or a built `script` run by plain Node, as a child process
 * and waits until /health answers.
 */
export async function startEdgeProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  script?: string,
): Promise<EdgeProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  let output = '';
  const args = script ? [script] : ['--import', 'tsx', 'src/edge/edge-main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), INTERFACE: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`edge exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`edge did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (exitCode) => resolve(exitCode));
        child.kill('SIGTERM');
      }),
  };
}
