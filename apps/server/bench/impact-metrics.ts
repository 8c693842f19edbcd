/**
 * The `impact-metrics` scenario of `npm run bench`: the real server (the bundle, embedded database or DATABASE_URL)
 * takes SDK reports as unleash-client 6.12 sends them, each `POST /api/client/metrics` carrying one application's 20
 * series (12 counters, 4 gauges, 4 histograms of 11 buckets), from 100 applications, 20 requests in flight. A first
 * round creates the 2,000 series; the measured rounds then report samples per second and the server's CPU time per
 * sample (user + system, from /proc), and the request latency p50/p99.
 */
import { CLIENT, cpuSeconds, startBenchServer } from './bench-server.ts';

export type ImpactMetricsBench = {
  applications: number;
  seriesPerApplication: number;
  reports: number;
  samples: number;
  seconds: number;
  samplesPerSecond: number;
  cpuMicrosecondsPerSample: number;
  reportMs: { p50: number; p99: number };
};

const APPLICATIONS = 100;
const COUNTERS = 12;
const GAUGES = 4;
const HISTOGRAMS = 4;
const SERIES = COUNTERS + GAUGES + HISTOGRAMS;
const REPORTS = Number(process.env.BENCH_IMPACT_REPORTS ?? 2000);
const IN_FLIGHT = 20;
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** One application's report: every series once, labelled as the SDK labels them (flag context included). */
function report(app: number, n: number): string {
  const labels = {
    appName: `app-${app}`,
    environment: 'development',
    checkout: n % 2 ? 'enabled' : 'disabled',
  };
  const numeric = (type: 'counter' | 'gauge', i: number) => ({
    name: `${type}_${i}`,
    help: `${type} ${i}`,
    type,
    samples: [{ labels, value: (n % 7) + 1 }],
  });
  const histogram = (i: number) => ({
    name: `latency_${i}`,
    help: `latency ${i}`,
    type: 'histogram',
    samples: [
      {
        labels,
        count: 20,
        sum: 3.5,
        buckets: [...BOUNDS.map((le, k) => ({ le, count: Math.min(20, k * 2) })), { le: '+Inf', count: 20 }],
      },
    ],
  });
  return JSON.stringify({
    appName: `app-${app}`,
    instanceId: `app-${app}-1`,
    bucket: { start: new Date().toISOString(), stop: new Date().toISOString(), toggles: {} },
    impactMetrics: [
      ...Array.from({ length: COUNTERS }, (_, i) => numeric('counter', i)),
      ...Array.from({ length: GAUGES }, (_, i) => numeric('gauge', i)),
      ...Array.from({ length: HISTOGRAMS }, (_, i) => histogram(i)),
    ],
  });
}

export async function measureImpactMetrics(say: (message: string) => void): Promise<ImpactMetricsBench> {
  const bench = await startBenchServer(say);
  try {
    const send = async (app: number, n: number) => {
      const response = await fetch(`${bench.server.url}/api/client/metrics`, {
        method: 'POST',
        headers: { authorization: CLIENT, 'content-type': 'application/json' },
        body: report(app, n),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`POST /api/client/metrics → ${response.status}`);
    };
    const round = async (reports: number, latencies?: number[]) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < reports) {
            const n = next++;
            const started = performance.now();
            await send(n % APPLICATIONS, n);
            latencies?.push(performance.now() - started);
          }
        }),
      );
    };
    say(`creating ${APPLICATIONS * SERIES} series: one report from each of ${APPLICATIONS} applications`);
    await round(APPLICATIONS * 2);
    say(`sending ${REPORTS} reports of ${SERIES} samples, ${IN_FLIGHT} in flight`);
    const latencies: number[] = [];
    const cpuBefore = await cpuSeconds(bench.pid);
    const started = performance.now();
    await round(REPORTS, latencies);
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(bench.pid)) - cpuBefore;
    const samples = REPORTS * SERIES;
    return {
      applications: APPLICATIONS,
      seriesPerApplication: SERIES,
      reports: REPORTS,
      samples,
      seconds: Number(seconds.toFixed(2)),
      samplesPerSecond: Math.round(samples / seconds),
      cpuMicrosecondsPerSample: Number(((cpu / samples) * 1e6).toFixed(1)),
      reportMs: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
      },
    };
  } finally {
    await bench.stop();
  }
}
