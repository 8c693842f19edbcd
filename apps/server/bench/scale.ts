/**
 * `npm run bench -- scale [--streams 10000] [--instances 10000] [--window 20]`: a fleet on one machine, over
 * loopback, on PostgreSQL (DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432). Three parts:
 * - streams: one edge process, then the server with two workers, each holding `--streams` SSE streams from
 *   simulated SDKs on 127.0.0.x: memory per stream, CPU at idle (heartbeats), and the fan-out of one change to all
 *   of them (from the admin write to each stream's `unleash-updated`);
 * - metrics: `--instances` SDK instances registering and posting Unleash-format metrics once within `--window`
 *   seconds, to the server (written as they come, then batched) and through an edge: transactions and rows written
 *   per second in PostgreSQL, and CPU per thousand posts;
 * - processes: four servers and two edges on one PostgreSQL with SDK streams on each: statements each server
 *   sends PostgreSQL per flag change (counted on the wire by pg-query-counter.ts) and transactions, and the time
 *   for a change to reach every SDK.
 * The file-descriptor limit is raised to its hard limit by re-running this process under `ulimit -n` (Node has no
 * setrlimit); every process started inherits it. Writes test-output/bench-scale.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startEdgeProcess, type EdgeProcess } from '../src/testing/edge-process.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { ADMIN, CLIENT, cpuSeconds, processTree, rssMb } from './bench-server.ts';
import { startQueryCounter, type QueryCounter } from './pg-query-counter.ts';
import { openStreams, quantile } from './scale-streams.ts';

type Say = (message: string) => void;

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};

const STREAMS = argument('streams', 10_000);
const INSTANCES = argument('instances', 10_000);
const WINDOW_S = argument('window', 20);
const IDLE_S = argument('idle', 30);
const CHANGES = argument('changes', 5);
const FLAGS = argument('flags', 50);
const APPS = 20;
/** `--parts streams,metrics,processes` runs only those. */
const PARTS = (() => {
  const at = process.argv.indexOf('--parts');
  return new Set((at === -1 ? 'streams,metrics,processes' : process.argv[at + 1]!).split(','));
})();
const PROCESS_STREAMS = Math.max(50, Math.round(STREAMS / 20));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sum = async (pids: number[], of: (pid: number) => Promise<number>) =>
  (await Promise.all(pids.map((pid) => of(pid).catch(() => 0)))).reduce((a, b) => a + b, 0);

/** Re-runs this bench under the hard file-descriptor limit when the soft one is lower; returns false if it did. */
export function ensureDescriptors(say: Say): boolean {
  const limits = execFileSync('bash', ['-c', 'echo $(ulimit -Sn) $(ulimit -Hn)'], { encoding: 'utf8' })
    .trim()
    .split(' ');
  const [soft, hard] = limits.map((value) => (value === 'unlimited' ? Infinity : Number(value))) as [
    number,
    number,
  ];
  const needed = STREAMS + 2_000;
  if (hard < needed) say(`the hard limit of open files is ${hard}: fewer than ${needed}, streams may fail`);
  if (soft >= Math.min(needed, hard) || process.env.SCALE_REEXEC) return true;
  const target = hard === Infinity ? 1_048_576 : Math.min(hard, 65_536);
  say(`raising the open-file limit from ${soft} to ${target} and running again`);
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${target}; exec "$@"`,
      'bash',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, SCALE_REEXEC: '1' } },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
  return false;
}

/** What PostgreSQL counts for one database: transactions and rows written. */
async function dbCounters(client: pg.Client, name: string) {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ xact: string; written: string }>(
    `SELECT xact_commit + xact_rollback AS xact, tup_inserted + tup_updated + tup_deleted AS written
       FROM pg_stat_database WHERE datname = $1`,
    [name],
  );
  return { transactions: Number(rows[0]!.xact), rows: Number(rows[0]!.written) };
}

async function admin(url: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: ADMIN, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** Whether scale-000 was last switched off (it is seeded on). */
let toggled = false;

async function seed(url: string, count: number) {
  toggled = false;
  for (let i = 0; i < count; i++) {
    const name = `scale-${String(i).padStart(3, '0')}`;
    await admin(url, 'POST', '/api/admin/projects/default/features', { name, type: 'release' });
    await admin(
      url,
      'POST',
      `/api/admin/projects/default/features/${name}/environments/development/strategies`,
      {
        name: 'flexibleRollout',
        parameters: { rollout: String((i * 7) % 100), stickiness: 'default', groupId: name },
        constraints: [],
      },
    );
    if (i % 2 === 0)
      await admin(url, 'POST', `/api/admin/projects/default/features/${name}/environments/development/on`);
  }
}

/** One flag change: the first flag switched off or on. */
const change = (url: string) => {
  toggled = !toggled;
  return admin(
    url,
    'POST',
    `/api/admin/projects/default/features/scale-000/environments/development/${toggled ? 'off' : 'on'}`,
  );
};

const serverEnv = (database: PgDatabase, extra: Record<string, string> = {}) => ({
  DATABASE_URL: database.url,
  INIT_ADMIN_API_TOKENS: ADMIN,
  INIT_CLIENT_API_TOKENS: CLIENT,
  LOG_LEVEL: 'error',
  WORKERS: '1',
  ...extra,
});

const startEdge = (upstream: string, extra: Record<string, string> = {}) =>
  startEdgeProcess({ UPSTREAM_URL: upstream, TOKENS: CLIENT, LOG_LEVEL: 'error', ...extra }, 120_000);

type StreamRow = {
  target: string;
  streams: number;
  connectSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerStream: number;
  idleCpuMsPerSecond: number;
  fanOutP50Ms: number;
  fanOutP99Ms: number;
  fanOutLastMs: number;
  missed: number;
  load: string;
};

/** Streams on one target: `pids` are the processes holding them (a server's primary and workers). */
async function measureStreams(
  say: Say,
  name: string,
  url: string,
  pids: () => number[],
  changeVia: string,
): Promise<StreamRow> {
  await sleep(1_000);
  const before = await sum(pids(), rssMb);
  say(`${name}: opening ${STREAMS} streams from 127.0.0.2-51`);
  const started = performance.now();
  const fleet = await openStreams({ url, token: CLIENT, count: STREAMS });
  const connectSeconds = (performance.now() - started) / 1000;
  say(`${name}: ${STREAMS - fleet.closed()} streams open after ${connectSeconds.toFixed(1)} s`);
  try {
    await sleep(3_000);
    const after = await sum(pids(), rssMb);
    say(`${name}: idle for ${IDLE_S} s (a heartbeat every 15 s)`);
    const cpuBefore = await sum(pids(), cpuSeconds);
    await sleep(IDLE_S * 1_000);
    const idleCpu = ((await sum(pids(), cpuSeconds)) - cpuBefore) * 1000;
    const latencies: number[] = [];
    const lasts: number[] = [];
    let missed = 0;
    for (let i = 0; i < CHANGES; i++) {
      const startedAt = performance.now();
      const arrived = fleet.nextUpdate(startedAt, 15_000);
      await change(changeVia);
      const times = await arrived;
      const got = times.filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
      missed += STREAMS - got.length;
      latencies.push(...got);
      lasts.push(got[got.length - 1] ?? NaN);
      say(
        `${name}: change ${i + 1}: ${got.length} streams, p50 ${quantile(got, 0.5).toFixed(0)} ms, last ${(got[got.length - 1] ?? NaN).toFixed(0)} ms`,
      );
      await sleep(1_000);
    }
    latencies.sort((a, b) => a - b);
    return {
      target: name,
      streams: STREAMS,
      connectSeconds: round(connectSeconds),
      rssBeforeMb: round(before),
      rssAfterMb: round(after),
      kbPerStream: round(((after - before) * 1024) / STREAMS, 2),
      idleCpuMsPerSecond: round(idleCpu / IDLE_S, 2),
      fanOutP50Ms: round(quantile(latencies, 0.5)),
      fanOutP99Ms: round(quantile(latencies, 0.99)),
      fanOutLastMs: round(Math.max(...lasts)),
      missed,
      load: load(),
    };
  } finally {
    fleet.stop();
    await sleep(1_000);
  }
}

type MetricsRow = {
  path: string;
  instances: number;
  posts: number;
  windowSeconds: number;
  failed: number;
  transactionsPerSecond: number;
  rowsWrittenPerSecond: number;
  transactionsPer1kPosts: number;
  cpuMsPer1kPosts: number;
  load: string;
};

/** `instances` SDKs each registering and posting one metrics report, spread evenly over the window. */
async function postFleet(
  url: string,
  instances: number,
  windowMs: number,
): Promise<{ posts: number; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const post = (path: string, body: unknown) =>
    new Promise<boolean>((resolve) => {
      const text = JSON.stringify(body);
      const req = request(
        `${url}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: CLIENT,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve((response.statusCode ?? 500) < 300));
        },
      );
      req.on('error', () => resolve(false));
      req.end(text);
    });
  let failed = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < instances; i++) {
    const due = (i / instances) * windowMs;
    const wait = due - (performance.now() - started);
    if (wait > 5) await sleep(wait);
    const appName = `scale-app-${i % APPS}`;
    const instanceId = `instance-${i}`;
    const start = new Date().toISOString();
    const toggles = Object.fromEntries(
      Array.from({ length: 20 }, (_, f) => [
        `scale-${String((i + f) % FLAGS).padStart(3, '0')}`,
        { yes: 3, no: 1, variants: {} },
      ]),
    );
    inFlight.push(
      (async () => {
        const ok =
          (await post('/api/client/register', {
            appName,
            instanceId,
            sdkVersion: 'unleash-client-node:6.4.0',
            strategies: ['default', 'flexibleRollout'],
            started: start,
            interval: 60_000,
          })) &&
          (await post('/api/client/metrics', {
            appName,
            instanceId,
            bucket: { start, stop: new Date().toISOString(), toggles },
          }));
        if (!ok) failed++;
      })(),
    );
    if (inFlight.length > 500) await Promise.all(inFlight.splice(0));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { posts: instances * 2, failed };
}

async function measureMetrics(
  say: Say,
  name: string,
  url: string,
  pids: number[],
  db: pg.Client,
  database: string,
  settleMs: number,
): Promise<MetricsRow> {
  say(`${name}: ${INSTANCES} instances register and post metrics within ${WINDOW_S} s`);
  await sleep(1_000);
  const before = await dbCounters(db, database);
  const cpuBefore = await sum(pids, cpuSeconds);
  const started = performance.now();
  const { posts, failed } = await postFleet(url, INSTANCES, WINDOW_S * 1000);
  // Until whatever is held in memory has been written: the window plus a flush interval.
  await sleep(settleMs);
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = ((await sum(pids, cpuSeconds)) - cpuBefore) * 1000;
  await sleep(1_200); // pg_stat_database is updated about once a second
  const after = await dbCounters(db, database);
  const transactions = after.transactions - before.transactions;
  return {
    path: name,
    instances: INSTANCES,
    posts,
    windowSeconds: WINDOW_S,
    failed,
    transactionsPerSecond: round(transactions / seconds),
    rowsWrittenPerSecond: round((after.rows - before.rows) / seconds),
    transactionsPer1kPosts: round((transactions / posts) * 1000),
    cpuMsPer1kPosts: round((cpuMs / posts) * 1000),
    load: load(),
  };
}

type ProcessesRow = {
  servers: number;
  edges: number;
  streams: number;
  /** Statements all servers sent per change (counted on the wire, pg-query-counter.ts), idle rate taken off. */
  statementsPerChange: number;
  /** Of those, the server that took the write, and the mean of each other server (which reloads the state). */
  writerStatementsPerChange: number;
  otherServerStatementsPerChange: number;
  idleStatementsPerSecond: number;
  transactionsPerChange: number;
  idleTransactionsPerSecond: number;
  reachAllP50Ms: number;
  reachAllMaxMs: number;
  missed: number;
  load: string;
};

async function measureProcesses(
  say: Say,
  baseUrl: string,
  servers: number,
  edges: number,
): Promise<ProcessesRow> {
  const database = await createPgDatabase(baseUrl, 'switchyard_scale_mp');
  const name = new URL(database.url).pathname.slice(1);
  const db = new pg.Client({ connectionString: baseUrl });
  await db.connect();
  const started: (ServerProcess | EdgeProcess)[] = [];
  const fleets: Awaited<ReturnType<typeof openStreams>>[] = [];
  // Each server reaches PostgreSQL through its own counting proxy; edges never touch the database.
  const counters: QueryCounter[] = [];
  const counted = async () => {
    const counter = await startQueryCounter(database.url);
    counters.push(counter);
    return { ...serverEnv(database), DATABASE_URL: counter.url };
  };
  const statements = () => counters.map((counter) => counter.statements());
  try {
    say(`processes: ${servers} servers and ${edges} edges on one PostgreSQL`);
    const first = await startServerProcess(await counted(), 120_000, 'bundle');
    started.push(first);
    await seed(first.url, FLAGS);
    const restEnv = await Promise.all(Array.from({ length: servers - 1 }, counted));
    const rest = await Promise.all(restEnv.map((env) => startServerProcess(env, 120_000, 'bundle')));
    started.push(...rest);
    const serverList = [first, ...rest];
    const edgeList = await Promise.all(
      Array.from({ length: edges }, (_, i) => startEdge(serverList[i % serverList.length]!.url)),
    );
    started.push(...edgeList);
    for (const each of [...serverList, ...edgeList])
      fleets.push(await openStreams({ url: each.url, token: CLIENT, count: PROCESS_STREAMS, parallel: 50 }));
    const total = fleets.reduce((n, fleet) => n + fleet.size, 0);
    say(`processes: ${total} streams open, ${PROCESS_STREAMS} on each process`);
    // Settle: the seeding's statistics reach pg_stat_database about a second late.
    await sleep(5_000);
    const idleBefore = await dbCounters(db, name);
    const idleStatementsBefore = statements();
    const idleStarted = performance.now();
    await sleep(10_000);
    const idleAfter = await dbCounters(db, name);
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleRate = (idleAfter.transactions - idleBefore.transactions) / idleSeconds;
    const idleStatementRates = delta(idleStatementsBefore, statements()).map((n) => n / idleSeconds);
    const reach: number[] = [];
    let missed = 0;
    const before = await dbCounters(db, name);
    const statementsBefore = statements();
    const changesStarted = performance.now();
    for (let i = 0; i < CHANGES; i++) {
      const startedAt = performance.now();
      const arrived = fleets.map((fleet) => fleet.nextUpdate(startedAt, 10_000));
      await change(first.url);
      const perFleet = await Promise.all(arrived);
      const times = perFleet.flat();
      const got = times.filter((t) => !Number.isNaN(t));
      const short = perFleet.map((each) => each.filter((t) => Number.isNaN(t)).length);
      if (short.some(Boolean))
        say(`processes: change ${i + 1} missed by [${short.join(', ')}] streams per process`);
      missed += times.length - got.length;
      reach.push(Math.max(...got));
      await sleep(1_000);
    }
    const changeStatements = delta(statementsBefore, statements());
    const elapsed = (performance.now() - changesStarted) / 1000;
    await sleep(1_200);
    const after = await dbCounters(db, name);
    // The idle rate again after the changes: the background work (schedulers) is bursty, the mean of both is used.
    const idleAgain = performance.now();
    const idleStatementsAgain = statements();
    await sleep(10_000);
    const idleEnd = await dbCounters(db, name);
    const idleAgainSeconds = (performance.now() - idleAgain) / 1000;
    const idleRate2 = (idleEnd.transactions - after.transactions) / idleAgainSeconds;
    const idle = (idleRate + idleRate2) / 2;
    const perChange = (after.transactions - before.transactions - idle * elapsed) / CHANGES;
    const idleStatementRates2 = delta(idleStatementsAgain, statements()).map((n) => n / idleAgainSeconds);
    // Per server: what it sent during the changes, less its own idle rate over that time.
    const perServer = changeStatements.map(
      (n, i) => (n - ((idleStatementRates[i]! + idleStatementRates2[i]!) / 2) * elapsed) / CHANGES,
    );
    const others = perServer.slice(1);
    reach.sort((a, b) => a - b);
    return {
      servers,
      edges,
      streams: total,
      statementsPerChange: round(perServer.reduce((a, b) => a + b, 0)),
      writerStatementsPerChange: round(perServer[0]!),
      otherServerStatementsPerChange: round(
        others.length ? others.reduce((a, b) => a + b, 0) / others.length : NaN,
      ),
      idleStatementsPerSecond: round(
        [...idleStatementRates, ...idleStatementRates2].reduce((a, b) => a + b, 0) / 2,
      ),
      transactionsPerChange: round(perChange),
      idleTransactionsPerSecond: round(idle),
      reachAllP50Ms: round(quantile(reach, 0.5)),
      reachAllMaxMs: round(reach[reach.length - 1]!),
      missed,
      load: load(),
    };
  } finally {
    for (const fleet of fleets) fleet.stop();
    await Promise.all(started.map((each) => each.stop()));
    await Promise.all(counters.map((counter) => counter.stop()));
    await db.end();
    await database.drop();
  }
}

const delta = (before: number[], after: number[]) => after.map((n, i) => n - (before[i] ?? 0));

export async function measureScale(say: Say) {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const streams: StreamRow[] = [];
  const metrics: MetricsRow[] = [];
  const processes: ProcessesRow[] = [];
  const benchStarted = performance.now();
  // Each row is printed as soon as it is measured, so a run stopped early still leaves its figures.
  const record = <T>(rows: T[], row: T) => {
    rows.push(row);
    say(`measured ${JSON.stringify(row)}`);
  };

  const database = await createPgDatabase(baseUrl, 'switchyard_scale');
  const databaseName = new URL(database.url).pathname.slice(1);
  const db = new pg.Client({ connectionString: baseUrl });
  await db.connect();
  try {
    // Part 1: streams, on an edge, then on the server with workers.
    if (PARTS.has('streams')) {
      const server = await startServerProcess(serverEnv(database), 120_000, 'bundle');
      let edge: EdgeProcess | undefined;
      try {
        say(`seeding ${FLAGS} flags`);
        await seed(server.url, FLAGS);
        edge = await startEdge(server.url);
        const edgePid = edge.child.pid!;
        record(streams, await measureStreams(say, 'edge (1 process)', edge.url, () => [edgePid], server.url));
      } finally {
        await edge?.stop();
        await server.stop();
      }
      const clustered = await startServerProcess(serverEnv(database, { WORKERS: '2' }), 120_000, 'bundle');
      try {
        const pid = clustered.child.pid!;
        record(
          streams,
          await measureStreams(
            say,
            'server (primary + 2 workers)',
            clustered.url,
            () => processTree(pid),
            clustered.url,
          ),
        );
      } finally {
        await clustered.stop();
      }
    }
    // Part 2: metrics, written as they come, batched, and through an edge.
    for (const [name, flush] of (PARTS.has('metrics')
      ? [
          ['server, METRICS_FLUSH_SECONDS=0 (a write per report)', '0'],
          ['server, METRICS_FLUSH_SECONDS=10 (batched)', '10'],
        ]
      : []) as [string, string][]) {
      const server = await startServerProcess(
        serverEnv(database, { METRICS_FLUSH_SECONDS: flush }),
        120_000,
        'bundle',
      );
      try {
        record(
          metrics,
          await measureMetrics(say, name, server.url, [server.child.pid!], db, databaseName, 11_000),
        );
      } finally {
        await server.stop();
      }
    }
    if (PARTS.has('metrics')) {
      const server = await startServerProcess(
        serverEnv(database, { METRICS_FLUSH_SECONDS: '10' }),
        120_000,
        'bundle',
      );
      const edge = await startEdge(server.url, { METRICS_INTERVAL_SECONDS: '5' });
      try {
        record(
          metrics,
          await measureMetrics(
            say,
            'edge (METRICS_INTERVAL_SECONDS=5) → server (batched)',
            edge.url,
            [edge.child.pid!, server.child.pid!],
            db,
            databaseName,
            16_000,
          ),
        );
      } finally {
        await edge.stop();
        await server.stop();
      }
    }
  } finally {
    await db.end();
    await database.drop();
  }
  // Part 3: many processes on one database, against one server alone.
  if (PARTS.has('processes')) {
    record(processes, await measureProcesses(say, baseUrl, 1, 0));
    record(processes, await measureProcesses(say, baseUrl, 4, 2));
  }

  const minutes = (performance.now() - benchStarted) / 60_000;
  return { streams, metrics, processes, flags: FLAGS, minutes: round(minutes), load: load() };
}
