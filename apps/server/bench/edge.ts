/**
 * `npm run bench -- edge`: the edge (`npm run edge`) in front of the bundled server with 1,000 flags. Measures, with
 * wrk, the edge's client features (full payload, no gzip) and Frontend API throughput on its one Node thread (one
 * core), and the propagation delay from an admin change to an unleash-client streaming from the edge (p50, p99).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Unleash } from 'unleash-client';
import { startEdgeProcess } from '../src/testing/edge-process.ts';
import {
  CLIENT,
  FLAGS,
  FRONTEND,
  cpuSeconds,
  createFlags,
  peakRssMb,
  startBenchServer,
} from './bench-server.ts';
import { seedFlags } from './seed-flags.ts';
import { runWrk, wrkAvailable } from './wrk.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);

export type EdgeRow = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPer1k: number;
  bytes: number;
};
export type EdgeBenchResult = {
  flags: number;
  rows: EdgeRow[];
  propagation: { changes: number; p50: number; p99: number; max: number };
  edgePeakRssMb: number;
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function measureEdge(say: (message: string) => void): Promise<EdgeBenchResult> {
  if (!wrkAvailable()) throw new Error('the edge bench needs wrk on the PATH (apt-get install -y wrk)');
  const bench = await startBenchServer(say);
  const dir = await mkdtemp(path.join(tmpdir(), 'switchyard-edge-bench-'));
  let edge: Awaited<ReturnType<typeof startEdgeProcess>> | undefined;
  let sdk: Unleash | undefined;
  try {
    say(`creating ${FLAGS} flags through the Admin API`);
    await createFlags(bench, seedFlags(FLAGS));
    edge = await startEdgeProcess({
      UPSTREAM_URL: bench.server.url,
      TOKENS: `${CLIENT},${FRONTEND}`,
      EDGE_SNAPSHOT_FILE: path.join(dir, 'snapshot.json'),
      LOG_LEVEL: 'warn',
    });
    const pid = edge.child.pid!;
    const full = await fetch(`${edge.url}/api/client/features`, {
      headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0' },
    });
    const bytes = (await full.arrayBuffer()).byteLength;
    say(`edge client payload: ${(bytes / 1024).toFixed(0)} kB for ${FLAGS} flags`);

    const rows: EdgeRow[] = [];
    const measure = async (name: string, url: string, headers: Record<string, string>) => {
      const cpuBefore = await cpuSeconds(pid);
      const result = await runWrk({ url, headers, connections: CONNECTIONS, seconds: SECONDS, threads: 1 });
      const cpuMs = ((await cpuSeconds(pid)) - cpuBefore) * 1000;
      if (result.errors || result.non2xx) say(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      rows.push({
        name,
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        cpuMsPer1k: Number(((cpuMs / result.total) * 1000).toFixed(1)),
        bytes: Math.round(result.bytesPerSecond / Math.max(1, result.rps)),
      });
    };
    await measure('edge GET /api/client/features (full)', `${edge.url}/api/client/features`, {
      authorization: CLIENT,
      'unleash-client-spec': '5.2.0',
    });
    await measure(
      'edge GET /api/frontend (userId)',
      `${edge.url}/api/frontend?userId=u42&properties[plan]=pro`,
      {
        authorization: FRONTEND,
      },
    );

    console.table(rows);
    say(`propagation: ${CHANGES} changes, each awaited by an unleash-client streaming from the edge`);
    sdk = new Unleash({
      url: `${edge.url}/api/`,
      appName: 'edge-bench',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 60_000,
      disableMetrics: true,
      experimentalMode: { type: 'streaming' },
      storageProvider: { set: async () => undefined, get: async () => undefined } as never,
    });
    await new Promise<void>((resolve, reject) => {
      sdk!.once('synchronized', () => resolve());
      sdk!.once('error', reject);
    });
    const flag = 'bench-flag-0000';
    const delays: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      // The flag's stored state, not an evaluation: the seeded flag's constraints may leave it off for no context.
      const stored = () => sdk!.getFeatureToggleDefinition(flag)?.enabled === true;
      const want = !stored();
      // The clock starts when the admin change is sent: its commit is part of the delay an operator sees.
      const started = performance.now();
      await bench.admin(
        'POST',
        `/api/admin/projects/default/features/${flag}/environments/development/${want ? 'on' : 'off'}`,
      );
      while (stored() !== want) {
        if (performance.now() - started > 10_000)
          throw new Error('a change did not reach the SDK within 10 s');
        await new Promise((resolve) => setImmediate(resolve));
      }
      delays.push(performance.now() - started);
    }
    delays.sort((a, b) => a - b);
    const round = (n: number) => Number(n.toFixed(1));
    return {
      flags: FLAGS,
      rows,
      propagation: {
        changes: CHANGES,
        p50: round(quantile(delays, 0.5)),
        p99: round(quantile(delays, 0.99)),
        max: round(delays[delays.length - 1]!),
      },
      edgePeakRssMb: Math.round(await peakRssMb(pid)),
    };
  } finally {
    sdk?.destroy();
    await edge?.stop();
    await bench.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
