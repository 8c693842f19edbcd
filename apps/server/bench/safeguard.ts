/**
 * The `safeguard` scenario of `npm run bench`, two measurements:
 * - **Delay**: the real server (the bundle, SAFEGUARD_INTERVAL_MS=1000) watches a PromQL query of a local HTTP server
 *   answering `query_range` like Prometheus (loopback only). Each trial starts a plan at 10% on a flag that is on,
 *   guards it with a safeguard (`last` > 0.05, action `turnOffEnvironment`), waits a random part of a period, then
 *   makes the query answer 0.2: the delay is from that moment to the admin API showing the plan paused and the flag
 *   off in the environment (polled every 20 ms). p50/p99/max over BENCH_SAFEGUARD_TRIALS (20) trials.
 * - **Storage growth**: 100 applications × 20 series (12 counters, 4 gauges, 4 histograms of 11 buckets) every 15 s,
 *   computed from bytes per stored row measured on this database (tables with their indexes, as
 *   pg_total_relation_size counts them) after recording a bounded sample through the impact-metric service on a
 *   mocked clock (BENCH_GROWTH_APPS applications for one hour, then rolled up), and the documented retention
 *   (decision record 0038: raw 2 h, 5-minute roll-ups 2 days, hourly 35 days).
 */
import { createServer } from 'node:http';
import { createTestDb } from '../src/testing/test-db.ts';
import { createImpactMetricService, maintainImpactMetrics } from '../src/features/release/index.ts';
import { startBenchServer } from './bench-server.ts';

const TRIALS = Number(process.env.BENCH_SAFEGUARD_TRIALS ?? 20);
const PERIOD_MS = 1000;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SafeguardDelayBench = {
  trials: number;
  evaluationPeriodMs: number;
  delayMs: { p50: number; p99: number; max: number; min: number };
};

/** A Prometheus stand-in on 127.0.0.1: every query answers its current value at each step of the range. */
async function fakePrometheus() {
  const values = new Map<string, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/v1/query_range') return response.writeHead(404).end();
    const query = url.searchParams.get('query') ?? '';
    const start = Number(url.searchParams.get('start'));
    const end = Number(url.searchParams.get('end'));
    const step = Number(url.searchParams.get('step')) || 15;
    const value = String(values.get(query) ?? 0.01);
    const points: [number, string][] = [];
    for (let at = start; at <= end; at += step) points.push([at, value]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        status: 'success',
        data: { resultType: 'matrix', result: [{ metric: {}, values: points }] },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, values, close: () => new Promise((r) => server.close(r)) };
}

export async function measureSafeguardDelay(say: (message: string) => void): Promise<SafeguardDelayBench> {
  const prometheus = await fakePrometheus();
  const bench = await startBenchServer(say, {
    SAFEGUARD_INTERVAL_MS: String(PERIOD_MS),
    INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
  });
  try {
    await bench.admin('PUT', '/api/admin/impact-metrics/external-source', { url: prometheus.url });
    const template = (await bench.admin('POST', '/api/admin/release-plan-templates', {
      name: 'guarded',
      milestones: [
        {
          name: 'Ten',
          sortOrder: 0,
          strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 10 } }],
        },
        {
          name: 'All',
          sortOrder: 1,
          strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 100 } }],
        },
      ],
    })) as { id: string };
    const delays: number[] = [];
    say(
      `${TRIALS} trials: threshold crossed → plan paused and environment off, evaluated every ${PERIOD_MS} ms`,
    );
    for (let trial = 0; trial < TRIALS; trial++) {
      const flag = `guarded-${trial}`;
      const env = `/api/admin/projects/default/features/${flag}/environments/development`;
      await bench.admin('POST', '/api/admin/projects/default/features', { name: flag });
      const plan = (await bench.admin('POST', `${env}/release-plans`, { templateId: template.id })) as {
        id: string;
        milestones: { id: string }[];
      };
      await bench.admin('POST', `${env}/release-plans/${plan.id}/milestones/${plan.milestones[0]!.id}/start`);
      await bench.admin('POST', `${env}/on`);
      const query = `sum(rate(errors_total{trial="${trial}"}[1m]))`;
      await bench.admin('PUT', `${env}/release-plans/${plan.id}/safeguards`, {
        externalMetric: { query, aggregationMode: 'last' },
        windowMinutes: 1,
        triggerCondition: { operator: '>', threshold: 0.05 },
        action: { type: 'turnOffEnvironment' },
      });
      // Cross at a random point of the evaluation period, so the trials do not all meet it at one phase.
      await sleep(PERIOD_MS + Math.random() * PERIOD_MS);
      const crossed = performance.now();
      prometheus.values.set(query, 0.2);
      for (;;) {
        const [plans, flagBody] = (await Promise.all([
          bench.admin('GET', `${env}/release-plans`),
          bench.admin('GET', `/api/admin/projects/default/features/${flag}`),
        ])) as [{ pausedAt: string | null }[], { environments: { name: string; enabled: boolean }[] }];
        const off = flagBody.environments.find((e) => e.name === 'development')?.enabled === false;
        if (plans[0]?.pausedAt && off) break;
        if (performance.now() - crossed > 30_000) throw new Error(`trial ${trial}: not paused after 30 s`);
        await sleep(20);
      }
      delays.push(performance.now() - crossed);
    }
    const round = (n: number) => Math.round(n);
    return {
      trials: TRIALS,
      evaluationPeriodMs: PERIOD_MS,
      delayMs: {
        p50: round(percentile(delays, 50)),
        p99: round(percentile(delays, 99)),
        max: round(Math.max(...delays)),
        min: round(Math.min(...delays)),
      },
    };
  } finally {
    await bench.stop();
    await prometheus.close();
  }
}

export type ImpactGrowthBench = {
  sample: { applications: number; series: number; hours: number; rawRows: number; rollupRows: number };
  bytesPerRow: { raw: number; rollup: number };
  /** 100 applications × 20 series every 15 s. */
  load: { applications: number; series: number; intervalSeconds: number };
  rowsPerDay: { raw: number; fiveMinute: number; hourly: number };
  /** What the tables hold once each resolution has reached its retention. */
  steadyState: { rawRows: number; fiveMinuteRows: number; hourlyRows: number; megabytes: number };
  /** How much the tables grow on each day from the first until the retention of each holds. */
  growthMegabytesPerDay: { day1: number; day2: number; days3to35: number; after35: number };
};

const COUNTERS = 12;
const GAUGES = 4;
const HISTOGRAMS = 4;
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One application's 20 series as the SDK reports them, every counter moving (the most a report stores). */
function metricsOf(n: number) {
  const labels = { environment: 'development', checkout: n % 2 ? 'enabled' : 'disabled' };
  return [
    ...Array.from({ length: COUNTERS }, (_, i) => ({
      name: `counter_${i}`,
      help: 'counter',
      type: 'counter' as const,
      samples: [{ labels, value: (n % 7) + 1 }],
    })),
    ...Array.from({ length: GAUGES }, (_, i) => ({
      name: `gauge_${i}`,
      help: 'gauge',
      type: 'gauge' as const,
      samples: [{ labels, value: n % 13 }],
    })),
    ...Array.from({ length: HISTOGRAMS }, (_, i) => ({
      name: `latency_${i}`,
      help: 'latency',
      type: 'histogram' as const,
      samples: [
        {
          labels,
          count: 20,
          sum: 3.5,
          buckets: [
            ...BOUNDS.map((le, k) => ({ le, count: Math.min(20, k * 2) })),
            { le: '+Inf' as const, count: 20 },
          ],
        },
      ],
    })),
  ];
}

export async function measureImpactGrowth(say: (message: string) => void): Promise<ImpactGrowthBench> {
  const apps = Number(process.env.BENCH_GROWTH_APPS ?? 10);
  const series = COUNTERS + GAUGES + HISTOGRAMS;
  const db = await createTestDb();
  try {
    const start = Date.parse('2026-03-01T10:00:00Z');
    let clock = new Date(start);
    const impact = createImpactMetricService({ db, now: () => clock, maxSeriesPerApp: 1000 });
    const ticks = 3600 / 15;
    say(`recording ${apps} applications × ${series} series every 15 s for one hour (a mocked clock)`);
    for (let tick = 0; tick < ticks; tick++) {
      clock = new Date(start + tick * 15_000);
      for (let app = 0; app < apps; app++)
        await impact.record({
          metrics: metricsOf(tick),
          appName: `app-${app}`,
          tokenEnvironment: 'development',
        });
    }
    const size = async (table: string) =>
      Number((await db.query<{ n: string }>(`SELECT pg_total_relation_size('${table}') AS n`))[0]!.n);
    const rows = async (table: string) =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const rawRows = await rows('impact_metric_samples');
    const rawBytes = await size('impact_metric_samples');
    // Rolled up at 11:01, once the hour is complete: its twelve 5-minute buckets and one hourly bucket per series.
    await maintainImpactMetrics(db, new Date(start + 3600_000 + 60_000));
    const rollupRows = await rows('impact_metric_rollups');
    const rollupBytes = await size('impact_metric_rollups');
    const raw = rawBytes / rawRows;
    const rollup = rollupBytes / rollupRows;

    const load = { applications: 100, series: 20, intervalSeconds: 15 };
    const allSeries = load.applications * load.series;
    const perDay = {
      raw: allSeries * (86_400 / load.intervalSeconds),
      fiveMinute: allSeries * (86_400 / 300),
      hourly: allSeries * 24,
    };
    const steady = {
      rawRows: allSeries * ((2 * 3600) / load.intervalSeconds),
      fiveMinuteRows: perDay.fiveMinute * 2,
      hourlyRows: perDay.hourly * 35,
    };
    const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
    return {
      sample: { applications: apps, series: apps * series, hours: 1, rawRows, rollupRows },
      bytesPerRow: { raw: Math.round(raw), rollup: Math.round(rollup) },
      load,
      rowsPerDay: perDay,
      steadyState: {
        ...steady,
        megabytes: mb(steady.rawRows * raw + (steady.fiveMinuteRows + steady.hourlyRows) * rollup),
      },
      growthMegabytesPerDay: {
        // Day one fills the two hours of raw samples and starts both roll-ups.
        day1: mb(steady.rawRows * raw + (perDay.fiveMinute + perDay.hourly) * rollup),
        day2: mb((perDay.fiveMinute + perDay.hourly) * rollup),
        // From day three the 5-minute roll-ups are pruned as fast as they come; hourly ones grow until day 35.
        days3to35: mb(perDay.hourly * rollup),
        after35: 0,
      },
    };
  } finally {
    await db.close();
  }
}
