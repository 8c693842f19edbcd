/**
 * `npm run bench`: three scenarios, each printed as a table and written to test-output/.
 * - `startup` (bench/startup.ts): start-to-healthy in ms on a new and an existing database (bench-startup.json).
 * - `throughput`: starts the real server on a fresh embedded database, creates 1,000 flags through the Admin API, then
 *   measures the hot endpoints with autocannon (50 connections): req/s, p99, server CPU per 1,000 requests and peak
 *   RSS (bench.json).
 * - `permissions` (bench/permissions.ts): the authorization decision and resolving a user's roles, in µs per call
 *   (bench-permissions.json).
 * - `change-requests` (bench/change-requests.ts): applying a 20-change request, and the scheduler's delay over 100
 *   scheduled requests (bench-change-requests.json).
 * - `integrations` (bench/integrations.ts): 1,000 flag changes with 3 webhook integrations: deliveries per second and
 *   the lag from change to delivery (bench-integrations.json).
 * - `impact-metrics` (bench/impact-metrics.ts): SDK reports of 20 impact-metric series from 100 applications:
 *   samples per second, server CPU per sample, report latency (bench-impact-metrics.json).
 * - `safeguard` (bench/safeguard.ts), only when asked: the delay from a Prometheus query crossing a safeguard's
 *   threshold to the plan paused and the environment off (1 s evaluation period), and the impact metrics' database
 *   growth per day for 100 applications × 20 series at 15 s (bench-safeguard.json).
 * - `edge` (bench/edge.ts): the edge's client features and Frontend API req/s with wrk, and the delay from an admin
 *   change to an SDK streaming from the edge (bench-edge.json).
 * - `workers` (bench/workers.ts): the SDK endpoints with WORKERS=1 and 2, wrk, a new Frontend API context per
 *   request; CPU per request and RSS over every process (bench-workers.json).
 * - `time-travel` (bench/time-travel.ts), only when asked: reconstructing a 1,000-flag environment at a random instant
 *   of a 100,000-change history and evaluating 1,000 contexts there, with a breakdown (database reads, compile,
 *   explain); and what recording that history costs a write, p50/p99 (bench/time-travel-writes.ts); with the load
 *   average before and after (bench-time-travel.json). `time-travel-writes`: the write side alone, same file.
 * - `experiments` (bench/experiments.ts), only when asked: exposure recording's CPU per Frontend API request, and the
 *   results read of an experiment with 1,000,000 exposures and 100,000 conversions (bench-experiments.json).
 * - `admin` (bench/admin.ts), only when asked: the admin UI in Chromium with 10,000 flags: first-load JS, the table
 *   interactive, the command menu's answer (bench-admin.json).
 * - `docs` (bench/docs.ts), only when asked: Lighthouse mobile scores of a concept and an API page of the built docs
 *   served gzipped (bench-docs.json).
 * `npm run bench -- startup` (or `-- permissions`, `-- throughput`, `-- change-requests`, `-- integrations`,
 * `-- impact-metrics`, `-- safeguard`, `-- edge`, `-- workers`, `-- admin`, `-- docs`) runs one of them; with no argument, the first
 * eight.
 * - `scale` (bench/scale.ts), only when asked: 10,000 SSE streams on an edge and on the server with workers, 10,000
 *   SDK instances posting metrics, four servers and two edges on one PostgreSQL (bench-scale.json); `--streams N`
 *   and `--instances N` scale it down.
 * `npm run bench -- soak [--minutes 10]` runs the long mixed-traffic soak of soak.ts instead.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import {
  ADMIN,
  CLIENT,
  FLAGS,
  FRONTEND,
  cpuSeconds,
  createFlags,
  peakRssMb,
  startBenchServer,
} from './bench-server.ts';
import { seedFlags } from './seed-flags.ts';
import { runSoak, soakMinutes } from './soak.ts';
import { measureChangeRequests } from './change-requests.ts';
import { measureIntegrations } from './integrations.ts';
import { measureEdge } from './edge.ts';
import { measureImpactMetrics } from './impact-metrics.ts';
import { measureImpactGrowth, measureSafeguardDelay } from './safeguard.ts';
import { measureExperiments } from './experiments.ts';
import { measureWorkers } from './workers.ts';
import { measureDocs } from './docs.ts';
import { measureAdmin } from './admin.ts';
import { measurePermissions } from './permissions.ts';
import { measureStartup } from './startup.ts';
import { measureTimeTravel } from './time-travel.ts';
import { measureHistoryWrites } from './time-travel-writes.ts';
import { ensureDescriptors, measureScale } from './scale.ts';
import { runWrk, wrkAvailable } from './wrk.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Load-generator threads; on a 2-core machine one leaves the other core to the server. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);

const say = (message: string) => console.log(`[bench] ${message}`);

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPer1k: number;
  errors: number;
  non2xx: number;
  bytes: number;
  peakRssMb: number;
};

async function startup() {
  const rows = await measureStartup(say);
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-startup.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', rows }, null, 2),
  );
  say('wrote test-output/bench-startup.json');
}

async function throughput() {
  const bench = await startBenchServer(say);
  const { server, pid } = bench;

  try {
    say(`creating ${FLAGS} flags with a strategy each through the Admin API`);
    const started = performance.now();
    await createFlags(bench, seedFlags(FLAGS));
    const createSeconds = (performance.now() - started) / 1000;
    const seededRssMb = await peakRssMb(pid);
    say(
      `created in ${createSeconds.toFixed(1)} s (${(FLAGS / createSeconds).toFixed(0)} flags/s, 2-3 requests each); peak RSS so far ${seededRssMb.toFixed(0)} MB`,
    );

    const full = await fetch(`${server.url}/api/client/features`, {
      headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0' },
    });
    const etag = full.headers.get('etag')!;
    const payloadBytes = (await full.arrayBuffer()).byteLength;
    say(`client payload: ${(payloadBytes / 1024).toFixed(0)} kB, ETag ${etag}`);

    const rows: Row[] = [];
    const measure = async (name: string, options: Omit<autocannon.Options, 'url'>) => {
      // BENCH_ONLY=frontend measures only the endpoints whose name contains it.
      if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) return;
      say(`${name}: ${options.connections ?? CONNECTIONS} connections, ${DURATION} s`);
      const cpuBefore = await cpuSeconds(pid);
      const result = await autocannon({
        connections: CONNECTIONS,
        ...(WORKERS > 1 ? { workers: WORKERS } : {}),
        duration: DURATION,
        ...options,
        url: server.url,
      });
      const cpu = (await cpuSeconds(pid)) - cpuBefore;
      const total = result.requests.total;
      rows.push({
        name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMsPer1k: total ? Math.round((cpu * 1000 * 1000) / total) : 0,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        bytes: Math.round(result.throughput.average),
        peakRssMb: Math.round(await peakRssMb(pid)),
      });
    };

    const measureWithWrk = async (name: string, requestPath: string, headers: Record<string, string>) => {
      if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) return;
      say(`${name}: ${CONNECTIONS} connections, ${DURATION} s, wrk with ${WORKERS} thread(s)`);
      const cpuBefore = await cpuSeconds(pid);
      const result = await runWrk({
        url: `${server.url}${requestPath}`,
        headers,
        connections: CONNECTIONS,
        seconds: DURATION,
        threads: WORKERS,
      });
      const cpu = (await cpuSeconds(pid)) - cpuBefore;
      rows.push({
        name,
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        cpuMsPer1k: result.total ? Math.round((cpu * 1000 * 1000) / result.total) : 0,
        errors: result.errors,
        non2xx: result.non2xx,
        bytes: result.bytesPerSecond,
        peakRssMb: Math.round(await peakRssMb(pid)),
      });
    };

    await measure('admin: list 1,000 flags in a project', {
      requests: [
        { method: 'GET', path: '/api/admin/projects/default/features', headers: { authorization: ADMIN } },
      ],
    });
    await measure('admin: list 1,000 flags, gzip (as a browser asks)', {
      requests: [
        {
          method: 'GET',
          path: '/api/admin/projects/default/features',
          headers: { authorization: ADMIN, 'accept-encoding': 'gzip, deflate, br' },
        },
      ],
    });
    // An admin UI is a handful of people, not 50 pollers: the list's latency target is measured here.
    await measure('admin: list 1,000 flags, gzip, 10 connections', {
      connections: 10,
      requests: [
        {
          method: 'GET',
          path: '/api/admin/projects/default/features',
          headers: { authorization: ADMIN, 'accept-encoding': 'gzip, deflate, br' },
        },
      ],
    });
    // The flag search behind the admin UI's search screen and command menu: a name fragment, a type and a state,
    // one page of 50 (search-scale.test.ts checks the answers over 10,000 flags; the time is measured here).
    await measure('admin: search 1,000 flags by name, type and state, 10 connections', {
      connections: 10,
      requests: [
        {
          method: 'GET',
          path: '/api/admin/search/features?query=flag-01&type=IS:release&state=IS:active&limit=50',
          headers: { authorization: ADMIN, 'accept-encoding': 'gzip, deflate, br' },
        },
      ],
    });
    await measure('client: full payload', {
      requests: [
        {
          method: 'GET',
          path: '/api/client/features',
          headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0' },
        },
      ],
    });
    // The official Node SDK sends `Accept-Encoding: gzip,deflate` on every poll, so this is the SDKs' own case.
    await measure('client: full payload, gzip (as the Node SDK asks)', {
      requests: [
        {
          method: 'GET',
          path: '/api/client/features',
          headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0', 'accept-encoding': 'gzip' },
        },
      ],
    });
    await measure('client: 304 with matching ETag', {
      requests: [
        {
          method: 'GET',
          path: '/api/client/features',
          headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0', 'if-none-match': etag },
        },
      ],
    });
    if (wrkAvailable()) {
      // The same three client requests from wrk, which needs far less CPU per response than autocannon does.
      const clientHeaders = { authorization: CLIENT, 'unleash-client-spec': '5.2.0' };
      await measureWithWrk('client: full payload (wrk)', '/api/client/features', clientHeaders);
      await measureWithWrk('client: full payload, gzip (wrk)', '/api/client/features', {
        ...clientHeaders,
        'accept-encoding': 'gzip',
      });
      await measureWithWrk('client: 304 with matching ETag (wrk)', '/api/client/features', {
        ...clientHeaders,
        'if-none-match': etag,
      });
    } else {
      say('wrk is not installed (apt-get install wrk): the client rows are measured with autocannon only');
    }
    let n = 0;
    await measure('frontend: POST, new userId and properties each time', {
      requests: [
        {
          method: 'POST',
          path: '/api/frontend',
          headers: { authorization: FRONTEND, 'content-type': 'application/json' },
          setupRequest: (request) => {
            n++;
            request.body = JSON.stringify({
              context: {
                userId: `user-${n}`,
                appName: 'web',
                properties: {
                  plan: n % 2 ? 'pro' : 'free',
                  country: 'NO',
                  email: `u${n}@example.com`,
                  age: String(n % 90),
                  version: `2.${n % 5}.0`,
                },
              },
            });
            return request;
          },
        },
      ],
    });

    const rss = await peakRssMb(pid);
    console.table(
      rows.map((r) => ({
        endpoint: r.name,
        'req/s': r.rps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'CPU ms / 1k req': r.cpuMsPer1k,
        errors: r.errors,
        non2xx: r.non2xx,
        'peak RSS MB': r.peakRssMb,
      })),
    );
    say(`peak RSS of the server: ${rss.toFixed(0)} MB`);
    await mkdir('test-output', { recursive: true });
    await writeFile(
      'test-output/bench.json',
      JSON.stringify(
        {
          flags: FLAGS,
          database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
          createSeconds,
          payloadBytes,
          peakRssMb: rss,
          seededRssMb,
          rows,
        },
        null,
        2,
      ),
    );
    say('wrote test-output/bench.json');
  } finally {
    await bench.stop();
  }
}

async function permissions() {
  const rows = await measurePermissions(say);
  console.table(
    rows.map((row) => ({ ...row, microsecondsPerCall: Number(row.microsecondsPerCall.toFixed(3)) })),
  );
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-permissions.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', rows }, null, 2),
  );
  say('wrote test-output/bench-permissions.json');
}

async function changeRequests() {
  const result = await measureChangeRequests(say);
  console.table({ 'apply 20 changes (ms)': result.apply20, 'scheduler delay (ms)': result.scheduler });
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-change-requests.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', ...result }, null, 2),
  );
  say('wrote test-output/bench-change-requests.json');
}

async function integrations() {
  const result = await measureIntegrations(say);
  console.table({
    'deliveries / s': result.deliveriesPerSecond,
    'lag p50 (ms)': result.lagMs.p50,
    'lag p99 (ms)': result.lagMs.p99,
    'lag max (ms)': result.lagMs.max,
    'admin write p99 (ms)': result.changeRequestMs.p99,
  });
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-integrations.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', ...result }, null, 2),
  );
  say('wrote test-output/bench-integrations.json');
}

async function impactMetrics() {
  const result = await measureImpactMetrics(say);
  console.table({
    'samples / s': result.samplesPerSecond,
    'server CPU µs / sample': result.cpuMicrosecondsPerSample,
    'report p50 (ms)': result.reportMs.p50,
    'report p99 (ms)': result.reportMs.p99,
  });
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-impact-metrics.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', ...result }, null, 2),
  );
  say('wrote test-output/bench-impact-metrics.json');
}

async function safeguard() {
  const delay = await measureSafeguardDelay(say);
  console.table({
    trials: delay.trials,
    'evaluation period (ms)': delay.evaluationPeriodMs,
    'crossed → paused p50 (ms)': delay.delayMs.p50,
    'crossed → paused p99 (ms)': delay.delayMs.p99,
    'crossed → paused max (ms)': delay.delayMs.max,
  });
  const growth = await measureImpactGrowth(say);
  console.table({
    'bytes / raw sample': growth.bytesPerRow.raw,
    'bytes / roll-up row': growth.bytesPerRow.rollup,
    'day 1 growth (MB)': growth.growthMegabytesPerDay.day1,
    'day 2 growth (MB)': growth.growthMegabytesPerDay.day2,
    'days 3-35 growth (MB / day)': growth.growthMegabytesPerDay.days3to35,
    'steady state (MB)': growth.steadyState.megabytes,
  });
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-safeguard.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', delay, growth }, null, 2),
  );
  say('wrote test-output/bench-safeguard.json');
}

async function experiments() {
  const result = await measureExperiments(say);
  console.table({
    'CPU µs / Frontend API request, no experiment': result.cpuMicrosecondsPerRequest.withoutExperiment,
    'CPU µs / Frontend API request, experiment running': result.cpuMicrosecondsPerRequest.withExperiment,
    'exposure recording overhead (%)': result.cpuMicrosecondsPerRequest.overheadPercent,
    'results read, 1M exposures + 100k conversions, median (ms)': result.resultsMs.median,
    'results read, max (ms)': result.resultsMs.max,
    'load average (1, 5, 15 min)': result.loadAverage.join(' '),
  });
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-experiments.json',
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', ...result }, null, 2),
  );
  say('wrote test-output/bench-experiments.json');
}

async function edge() {
  const result = await measureEdge(say);
  console.table({ 'admin change → SDK through the edge (ms)': result.propagation });
  await mkdir('test-output', { recursive: true });
  await writeFile('test-output/bench-edge.json', JSON.stringify(result, null, 2));
  say('wrote test-output/bench-edge.json');
}

async function workers() {
  const rows = await measureWorkers(say);
  console.table(rows);
  await mkdir('test-output', { recursive: true });
  const file = process.env.BENCH_SERVER_DIR ? 'bench-workers-other.json' : 'bench-workers.json';
  await writeFile(
    `test-output/${file}`,
    JSON.stringify(
      { database: process.env.DATABASE_URL ? 'postgres' : 'pglite', flags: FLAGS, rows },
      null,
      2,
    ),
  );
  say(`wrote test-output/${file}`);
}

async function admin() {
  const figures = await measureAdmin(say);
  console.table({
    'first-load JS (kB gzip)': figures.firstLoadJsKb,
    [`${figures.flags}-flag table interactive, median (ms)`]: figures.tableInteractiveMs.median,
    'command menu: last keystroke to flag shown, median (ms)': figures.commandMenuMs.typed.median,
    'command menu: name pasted to flag shown, median (ms)': figures.commandMenuMs.pasted.median,
  });
  await mkdir('test-output', { recursive: true });
  await writeFile('test-output/bench-admin.json', JSON.stringify(figures, null, 2));
  say('wrote test-output/bench-admin.json');
}

async function scale() {
  if (!ensureDescriptors(say)) return;
  const result = await measureScale(say);
  console.table(result.streams);
  console.table(result.metrics);
  console.table(result.processes);
  say(`scale: ${result.minutes} min, load average ${result.load}`);
  await mkdir('test-output', { recursive: true });
  await writeFile('test-output/bench-scale.json', JSON.stringify(result, null, 2));
  say('wrote test-output/bench-scale.json');
}

async function docs() {
  const rows = await measureDocs(say);
  console.table(rows);
  await mkdir('test-output', { recursive: true });
  await writeFile('test-output/bench-docs.json', JSON.stringify(rows, null, 2));
  say('wrote test-output/bench-docs.json');
}

/** `time-travel-writes` runs only the write side (a few minutes instead of seeding 100,000 changes first). */
async function timeTravel(writesOnly = false) {
  const loadBefore = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).trim();
  const rows = writesOnly ? [] : await measureTimeTravel(say);
  if (rows.length) console.table(rows);
  const writes = await measureHistoryWrites(say);
  console.table(writes);
  const loadAfter = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).trim();
  say(`load average before ${loadBefore || '?'}, after ${loadAfter || '?'}`);
  await mkdir('test-output', { recursive: true });
  await writeFile(
    'test-output/bench-time-travel.json',
    JSON.stringify(
      {
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        loadAverage: { before: loadBefore, after: loadAfter },
        rows,
        writes,
      },
      null,
      2,
    ),
  );
  say('wrote test-output/bench-time-travel.json');
}

const SCENARIOS = [
  'startup',
  'permissions',
  'throughput',
  'change-requests',
  'integrations',
  'impact-metrics',
  'safeguard',
  'experiments',
  'edge',
  'workers',
  'admin',
  'docs',
  'time-travel',
  'time-travel-writes',
  'scale',
  'soak',
];
const scenario = process.argv[2]?.startsWith('--') ? undefined : process.argv[2];
if (scenario !== undefined && !SCENARIOS.includes(scenario)) {
  console.error(`unknown scenario "${scenario}"; one of: ${SCENARIOS.join(', ')}`);
  process.exit(2);
}
// A soak when asked for (`soak`, `--minutes N` or SOAK_MINUTES), else the startup and throughput tables above.
const minutes = soakMinutes(process.argv.slice(2), process.env);
if (minutes !== undefined) await runSoak(minutes);
else {
  if (scenario === undefined || scenario === 'startup') await startup();
  if (scenario === undefined || scenario === 'permissions') await permissions();
  if (scenario === undefined || scenario === 'throughput') await throughput();
  if (scenario === undefined || scenario === 'change-requests') await changeRequests();
  if (scenario === undefined || scenario === 'integrations') await integrations();
  if (scenario === undefined || scenario === 'impact-metrics') await impactMetrics();
  if (scenario === undefined || scenario === 'edge') await edge();
  if (scenario === undefined || scenario === 'workers') await workers();
  if (scenario === 'safeguard') await safeguard();
  if (scenario === 'experiments') await experiments();
  if (scenario === 'admin') await admin();
  if (scenario === 'docs') await docs();
  if (scenario === 'time-travel') await timeTravel();
  if (scenario === 'time-travel-writes') await timeTravel(true);
  if (scenario === 'scale') await scale();
}
