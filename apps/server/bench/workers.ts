/**
 * `npm run bench -- workers`: the SDK endpoints of one server with WORKERS=1 (one process) and WORKERS=2 (a primary
 * and two workers), 1,000 flags (BENCH_FLAGS), wrk with 50 connections. The Frontend API gets a new context on every
 * request (frontend-context.lua); client features are asked in full (200) and with a matching ETag (304). CPU is
 * counted over every process of the server, per request; RSS is the sum over them. BENCH_SERVER_WORKERS="1,2"
 * chooses the counts; BENCH_SERVER_DIR measures another checkout (the previous commit) the same way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT,
  FLAGS,
  FRONTEND,
  cpuSeconds,
  createFlags,
  processTree,
  rssMb,
  startBenchServer,
} from './bench-server.ts';
import { seedFlags } from './seed-flags.ts';
import { runWrk, wrkAvailable } from './wrk.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SECONDS = 10;
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'frontend-context.lua');

export type WorkersRow = {
  workers: number;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU (every process) per request, in milliseconds. */
  cpuMsPerRequest: number;
  /** Bytes of one answer. */
  bytes: number;
  /** Server CPU (every process) over the run, in cores: 0.5 is half of one core busy. */
  cpuCores: number;
  /** Resident memory of every process of the server together, right after the run. */
  rssMb: number;
  errors: number;
};

const sum = async (pids: number[], read: (pid: number) => Promise<number>) =>
  (await Promise.all(pids.map((pid) => read(pid).catch(() => 0)))).reduce((a, b) => a + b, 0);

export async function measureWorkers(say: (message: string) => void): Promise<WorkersRow[]> {
  if (!wrkAvailable()) throw new Error('this bench needs wrk on the PATH (apt-get install -y wrk)');
  const counts = (process.env.BENCH_SERVER_WORKERS ?? '1,2').split(',').map(Number);
  const rows: WorkersRow[] = [];
  for (const workers of counts) {
    say(`WORKERS=${workers}: starting the server`);
    const bench = await startBenchServer(say, { WORKERS: String(workers) });
    try {
      say(`creating ${FLAGS} flags through the Admin API`);
      await createFlags(bench, seedFlags(FLAGS));
      const url = bench.server.url;
      const sample = await fetch(`${url}/api/frontend`, {
        method: 'POST',
        headers: { authorization: FRONTEND, 'content-type': 'application/json' },
        body: JSON.stringify({
          context: {
            userId: 'user-1',
            sessionId: 's-1',
            properties: { email: 'a@example.com', accountAgeDays: '40', appVersion: '2.3.1' },
          },
        }),
      });
      const answer = (await sample.json()) as { toggles: unknown[] };
      say(`a frontend answer holds ${answer.toggles.length} enabled flags`);
      const full = await fetch(`${url}/api/client/features`, { headers: { authorization: CLIENT } });
      const etag = full.headers.get('etag')!;
      await full.arrayBuffer();
      const measure = async (endpoint: string, headers: Record<string, string>, script?: string) => {
        // BENCH_ONLY=frontend measures only the endpoints whose name contains it.
        if (process.env.BENCH_ONLY && !endpoint.includes(process.env.BENCH_ONLY)) return;
        say(`WORKERS=${workers} ${endpoint}: ${CONNECTIONS} connections, ${SECONDS} s`);
        const pids = processTree(bench.pid);
        const before = await sum(pids, cpuSeconds);
        const startedAt = performance.now();
        const result = await runWrk({
          url: `${url}${endpoint.split(' ')[1]}`,
          headers,
          connections: CONNECTIONS,
          seconds: SECONDS,
          threads: 1,
          script,
        });
        const cpuMs = ((await sum(pids, cpuSeconds)) - before) * 1000;
        const wallMs = performance.now() - startedAt;
        rows.push({
          workers,
          endpoint,
          rps: result.rps,
          p50: result.p50,
          p99: result.p99,
          cpuMsPerRequest: Number((cpuMs / Math.max(1, result.total)).toFixed(3)),
          cpuCores: Number((cpuMs / wallMs).toFixed(2)),
          bytes: Math.round(result.bytesPerSecond / Math.max(1, result.rps)),
          rssMb: Math.round(await sum(pids, rssMb)),
          errors: result.errors + result.non2xx,
        });
      };
      // Two seconds of the same traffic first, unmeasured: the code is compiled and creating the flags' garbage is
      // collected before the clock starts.
      await runWrk({
        url: `${url}/api/frontend`,
        headers: { authorization: FRONTEND, 'content-type': 'application/json' },
        connections: 10,
        seconds: 2,
        threads: 1,
        script: SCRIPT,
      });
      // Idle: what a pod holds and spends with its flags loaded and no SDK asking (the chart's requests).
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const idlePids = processTree(bench.pid);
      const idleBefore = await sum(idlePids, cpuSeconds);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const idleCpuMs = ((await sum(idlePids, cpuSeconds)) - idleBefore) * 1000;
      rows.push({
        workers,
        endpoint: `idle (${IDLE_SECONDS} s, no requests)`,
        rps: 0,
        p50: 0,
        p99: 0,
        cpuMsPerRequest: 0,
        cpuCores: Number((idleCpuMs / (IDLE_SECONDS * 1000)).toFixed(3)),
        bytes: 0,
        rssMb: Math.round(await sum(idlePids, rssMb)),
        errors: 0,
      });
      await measure(
        'POST /api/frontend',
        { authorization: FRONTEND, 'content-type': 'application/json' },
        SCRIPT,
      );
      await measure('GET /api/client/features', { authorization: CLIENT });
      await measure('GET /api/client/features (304)', {
        authorization: CLIENT,
        'if-none-match': etag,
      });
    } finally {
      await bench.stop();
    }
  }
  return rows;
}
