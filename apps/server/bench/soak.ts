/**
 * `npm run bench -- soak [--minutes 10]`: mixed traffic at a steady, modest rate against the real server for a long
 * time, to see what a short burst cannot: memory that only grows, latency that drifts, sockets that fail now and
 * then. SDKs poll the Client API (most with their ETag, some always for the full payload, half with gzip), browsers
 * POST to the Frontend API with a new context each time, and an admin turns flags on and off and creates, updates
 * and deletes strategies (so the data stays the same size). Every 10 s one line: requests, socket errors, answers
 * other than 2xx/304, the interval's p99 and the server's RSS; at the end the totals and the RSS slope.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import {
  ADMIN,
  CLIENT,
  FLAGS,
  FRONTEND,
  createFlags,
  peakRssMb,
  rssMb,
  startBenchServer,
} from './bench-server.ts';
import { seedFlags } from './seed-flags.ts';
import { newTally, percentile, record, rssSlope, type RssSample, type Tally } from './soak-stats.ts';

export { soakMinutes } from './soak-stats.ts';

/** Simulated server-side SDKs, each polling every SOAK_POLL_MS. */
const SDKS = Number(process.env.SOAK_SDKS ?? 40);
const POLL_MS = Number(process.env.SOAK_POLL_MS ?? 1000);
/** Frontend API evaluations per second, spread over a few connections. */
const FRONTEND_RPS = Number(process.env.SOAK_FRONTEND_RPS ?? 100);
const FRONTEND_WORKERS = 10;
/** One admin write every SOAK_WRITE_MS. */
const WRITE_MS = Number(process.env.SOAK_WRITE_MS ?? 2000);
const REPORT_MS = 10_000;
/** A request still unanswered after this counts as a socket error. */
const TIMEOUT_MS = 30_000;

const say = (message: string) => console.log(`[soak] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

type Kind = 'sdk' | 'frontend' | 'admin';

export async function runSoak(minutes: number): Promise<void> {
  const bench = await startBenchServer(say);
  const { server, pid } = bench;
  try {
    say(`creating ${FLAGS} flags with a strategy each through the Admin API`);
    const flags = seedFlags(FLAGS);
    await createFlags(bench, flags);

    const totals: Record<Kind, Tally> = { sdk: newTally(), frontend: newTally(), admin: newTally() };
    let interval = newTally();
    let stopped = false;

    /** Sends one request, reads the whole answer and counts it; returns the status and body (undefined on error). */
    const send = async (kind: Kind, path: string, init: RequestInit) => {
      const started = performance.now();
      let status: number | undefined;
      let answer: { response: Response; body: ArrayBuffer } | undefined;
      try {
        const response = await fetch(`${server.url}${path}`, {
          ...init,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        answer = { response, body: await response.arrayBuffer() };
        status = response.status;
      } catch {
        status = undefined;
      }
      const ms = performance.now() - started;
      record(interval, ms, status);
      record(totals[kind], ms, status);
      return answer;
    };
    /** Runs step at a steady pace from a random offset, never catching up in a burst after a slow answer. */
    const paced = async (periodMs: number, step: () => Promise<void>) => {
      let next = performance.now() + Math.random() * periodMs;
      while (!stopped) {
        await sleep(Math.max(0, next - performance.now()));
        if (stopped) break;
        await step();
        next = Math.max(next + periodMs, performance.now());
      }
    };

    const sdk = (i: number) => {
      let etag: string | undefined;
      // One SDK in ten always asks for the full payload, as a restarting instance does; half ask for gzip.
      const alwaysFull = i % 10 === 0;
      const headers: Record<string, string> = {
        authorization: CLIENT,
        'unleash-client-spec': '5.2.0',
        ...(i % 2 ? { 'accept-encoding': 'gzip' } : {}),
      };
      return paced(POLL_MS, async () => {
        const answer = await send('sdk', '/api/client/features', {
          headers: etag && !alwaysFull ? { ...headers, 'if-none-match': etag } : headers,
        });
        if (answer?.response.status === 200) etag = answer.response.headers.get('etag') ?? undefined;
      });
    };

    let evaluations = 0;
    const frontend = () =>
      paced((FRONTEND_WORKERS * 1000) / FRONTEND_RPS, async () => {
        const n = ++evaluations;
        await send('frontend', '/api/frontend', {
          method: 'POST',
          headers: { authorization: FRONTEND, 'content-type': 'application/json' },
          body: JSON.stringify({
            context: {
              userId: `user-${n}`,
              sessionId: `session-${n % 1000}`,
              appName: n % 3 ? 'web' : 'shop',
              properties: {
                plan: ['free', 'pro', 'enterprise'][n % 3]!,
                country: n % 7 ? 'NO' : 'XX',
                email: `u${n}@example.${n % 2 ? 'com' : 'net'}`,
                age: String(n % 90),
                version: `2.${n % 5}.0`,
              },
            },
          }),
        });
      });

    // The admin cycles through: turn a flag on or off, add a strategy to it, change that strategy, delete it.
    const enabled = new Map(flags.map((flag) => [flag.name, flag.enabled]));
    let writes = 0;
    let added: { flag: string; id: string } | undefined;
    const writeJson = (method: string, body?: unknown): RequestInit => ({
      method,
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const admin = () =>
      paced(WRITE_MS, async () => {
        const step = writes++;
        const flag = flags[Math.floor(step / 4) % flags.length]!.name;
        const environment = `/api/admin/projects/default/features/${flag}/environments/development`;
        const strategy = (rollout: number) => ({
          name: 'flexibleRollout',
          parameters: { rollout: String(rollout), stickiness: 'default', groupId: flag },
          constraints: [
            { contextName: 'plan', operator: 'IN', values: ['pro'], inverted: false, caseInsensitive: false },
          ],
        });
        if (step % 4 === 0) {
          const on = !enabled.get(flag);
          const answer = await send('admin', `${environment}/${on ? 'on' : 'off'}`, writeJson('POST'));
          if (answer?.response.ok) enabled.set(flag, on);
        } else if (step % 4 === 1) {
          const answer = await send('admin', `${environment}/strategies`, writeJson('POST', strategy(25)));
          added = answer?.response.ok
            ? { flag, id: (JSON.parse(Buffer.from(answer.body).toString()) as { id: string }).id }
            : undefined;
        } else if (added) {
          const path = `/api/admin/projects/default/features/${added.flag}/environments/development/strategies/${added.id}`;
          if (step % 4 === 2) await send('admin', path, writeJson('PUT', strategy(75)));
          else {
            await send('admin', path, writeJson('DELETE'));
            added = undefined;
          }
        }
      });

    const samples: RssSample[] = [{ seconds: 0, rssMb: await rssMb(pid) }];
    const intervalP99s: number[] = [];
    say(
      `${minutes} min of traffic: ${SDKS} SDKs polling every ${POLL_MS} ms, ${FRONTEND_RPS} frontend evaluations/s, ` +
        `an admin write every ${WRITE_MS} ms; server RSS at the start ${samples[0]!.rssMb.toFixed(1)} MB`,
    );
    const started = performance.now();
    const loops = [
      ...Array.from({ length: SDKS }, (_, i) => sdk(i)),
      ...Array.from({ length: FRONTEND_WORKERS }, () => frontend()),
      admin(),
    ];

    const runMs = minutes * 60_000;
    const intervals = Math.max(1, Math.ceil(runMs / REPORT_MS - 1e-9));
    for (let k = 1; k <= intervals; k++) {
      await sleep(Math.max(0, started + Math.min(k * REPORT_MS, runMs) - performance.now()));
      const seconds = (performance.now() - started) / 1000;
      const done = interval;
      interval = newTally();
      const p99 = percentile(done.latencies, 99);
      intervalP99s.push(p99);
      samples.push({ seconds, rssMb: await rssMb(pid) });
      say(
        `${clock(seconds).padStart(5)}  requests ${String(done.requests).padStart(6)}  errors ${done.errors}  ` +
          `non-2xx/304 ${done.unexpected}  p99 ${p99.toFixed(1).padStart(6)} ms  RSS ${samples.at(-1)!.rssMb.toFixed(1)} MB`,
      );
    }
    stopped = true;
    await Promise.all(loops);

    const all = Object.values(totals);
    const sum = (field: 'requests' | 'errors' | 'unexpected') =>
      all.reduce((total, t) => total + t[field], 0);
    const latencies = all.flatMap((t) => t.latencies);
    const { mbPerMinute, fromSeconds } = rssSlope(samples);
    const first = samples[0]!.rssMb;
    const last = samples.at(-1)!.rssMb;
    const summary = {
      minutes,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      flags: FLAGS,
      requests: sum('requests'),
      errors: sum('errors'),
      non2xx: sum('unexpected'),
      byKind: Object.fromEntries(
        Object.entries(totals).map(([kind, t]) => [
          kind,
          { requests: t.requests, errors: t.errors, non2xx: t.unexpected, p99: percentile(t.latencies, 99) },
        ]),
      ),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      intervalP99: { min: Math.min(...intervalP99s), max: Math.max(...intervalP99s) },
      rssMb: { start: first, end: last, peak: await peakRssMb(pid) },
      rssSlopeMbPerMinute: mbPerMinute,
      rssSlopeFromSeconds: fromSeconds,
      samples,
    };
    say(
      `total: ${summary.requests} requests (${Object.entries(summary.byKind)
        .map(([kind, t]) => `${kind} ${t.requests}`)
        .join(', ')}), errors ${summary.errors}, non-2xx/304 ${summary.non2xx}`,
    );
    for (const [kind, t] of Object.entries(summary.byKind))
      say(`  ${kind.padEnd(8)} errors ${t.errors}, non-2xx/304 ${t.non2xx}, p99 ${t.p99.toFixed(1)} ms`);
    say(
      `latency: p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms; interval p99 ` +
        `${summary.intervalP99.min.toFixed(1)}-${summary.intervalP99.max.toFixed(1)} ms`,
    );
    say(
      `RSS: ${first.toFixed(1)} MB at the start, ${last.toFixed(1)} MB at the end, peak ${summary.rssMb.peak.toFixed(1)} MB; ` +
        `slope ${mbPerMinute === undefined ? 'n/a' : `${mbPerMinute >= 0 ? '+' : ''}${mbPerMinute.toFixed(2)} MB/min`}` +
        (fromSeconds > 60
          ? ' after the first minute'
          : ' over the whole run (too short to leave out the first minute)'),
    );
    await mkdir('test-output', { recursive: true });
    await writeFile('test-output/soak.json', JSON.stringify(summary, null, 2));
    say('wrote test-output/soak.json');
  } finally {
    await bench.stop();
  }
}
