/**
 * An optional second load generator for the bench. autocannon runs in Node and spends a core of its own parsing
 * large responses, so for the 550 kB payload it measures itself as much as the server. wrk (C, Debian's `wrk`
 * package) costs far less per byte; when it is on the PATH the bench adds rows measured with it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type WrkResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
  bytesPerSecond: number;
};

export function wrkAvailable(): boolean {
  if (process.env.BENCH_WRK === '0') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits with 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** Milliseconds from wrk's "812.00us", "3.41ms" or "1.20s". */
export function parseWrkDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: unreadable duration "${text}"`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * factor;
}

const SIZE = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

export function parseWrkOutput(output: string): WrkResult {
  const line = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk: no match for ${pattern} in\n${output}`);
    return match;
  };
  const [, total] = line(/(\d+) requests in /);
  const [, rps] = line(/Requests\/sec:\s+([\d.]+)/);
  const [, p50] = line(/^\s+50%\s+(\S+)/m);
  const [, p99] = line(/^\s+99%\s+(\S+)/m);
  const [, transfer, unit] = line(/Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return {
    rps: Math.round(Number(rps)),
    p50: parseWrkDuration(p50!),
    p99: parseWrkDuration(p99!),
    total: Number(total),
    errors,
    non2xx,
    bytesPerSecond: Math.round(Number(transfer) * SIZE[unit as keyof typeof SIZE]),
  };
}

export async function runWrk(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  threads: number;
  /** A Lua script that shapes each request (bench/frontend-context.lua). */
  script?: string;
}): Promise<WrkResult> {
  const args = [
    ...(options.script ? ['-s', options.script] : []),
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.url,
  ];
  const { stdout } = await run('wrk', args, { maxBuffer: 1024 * 1024 });
  return parseWrkOutput(stdout);
}
