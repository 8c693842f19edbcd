import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

/**
 * One scrape of /internal-backstage/prometheus counts the whole server: the SDK polls its workers answered, the
 * usage SDKs reported, each process's memory, and what a worker counted before it was replaced.
 */
const ADMIN = '*:*.prometheus-admin';
const CLIENT = '*:development.prometheus-client';

let server: ServerProcess;
let dataDir: string;

/** One GET on a connection of its own, so that consecutive requests reach the workers in turn. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const poll = async (url: string) => (await get(url, { authorization: CLIENT })).status;
const scrape = async () => (await get(`${server.url}/internal-backstage/prometheus`)).body;

/** The sum of a metric's series whose labels include every one given. */
function total(text: string, metric: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== metric) continue;
    const have = match[2] ?? '';
    if (Object.entries(labels).every(([name, value]) => have.includes(`${name}="${value}"`)))
      sum += Number(match[3]);
  }
  return sum;
}

const processes = (text: string) =>
  [...text.matchAll(/^process_resident_memory_bytes\{process="([^"]+)"\} \d+$/gm)].map((m) => m[1]!);

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const workerPids = (): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '..') });
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-prometheus-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      // The default (a worker per core) wherever that is more than one process.
      WORKERS: availableParallelism() > 1 ? '' : '2',
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
    },
    // A deadline, not a delay: this machine's load makes a start with workers take up to a minute.
    120_000,
    'bundle',
  );
  await until('every worker listening', async () => processes(await scrape()).length > 2);
}, 180_000);

afterAll(async () => {
  const code = await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (server) expect(code).toBe(0);
});

const polls = { route: '/api/client/features', status: '200' };

it('counts the SDK polls the workers answered in one scrape, with every process listed', async () => {
  const before = await scrape();
  const workers = processes(before).filter((name) => name.startsWith('worker-'));
  expect(workers.length).toBe(workerPids().length);
  expect(workers.length).toBeGreaterThan(1);
  expect(processes(before)).toContain('primary');

  for (let i = 0; i < 56; i++) expect(await poll(`${server.url}/api/client/features`)).toBe(200);

  const after = await scrape();
  expect(total(after, 'http_requests_total', polls) - total(before, 'http_requests_total', polls)).toBe(56);
  // Answered by the workers from memory, not relayed to the primary's router.
  expect(
    total(after, 'switchyard_client_fast_path_responses_total') -
      total(before, 'switchyard_client_fast_path_responses_total'),
  ).toBe(56);
  expect(after).toMatch(/^# TYPE http_request_duration_milliseconds summary$/m);
});

it('counts the usage an official SDK reports, by flag, answer and application', async () => {
  await adminClient(server.url, ADMIN).call('POST', '/api/admin/projects/default/features', {
    name: 'scraped',
  });
  const sdk = new Unleash({
    url: `${server.url}/api`,
    appName: 'scraped-app',
    customHeaders: { Authorization: CLIENT },
    refreshInterval: 60_000,
    metricsInterval: 200,
    disableAutoStart: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      sdk.once('synchronized', () => resolve());
      sdk.once('error', reject);
    });
    for (let i = 0; i < 7; i++) sdk.isEnabled('scraped');
    await until('the usage in a scrape', async () => {
      const text = await scrape();
      return total(text, 'feature_toggle_usage_total', { toggle: 'scraped', appName: 'scraped-app' }) === 7;
    });
    const text = await scrape();
    expect(
      total(text, 'feature_toggle_usage_total', {
        toggle: 'scraped',
        active: 'false',
        appName: 'scraped-app',
      }),
    ).toBe(7);
    expect(total(text, 'client_sdk_versions', { sdk_name: 'unleash-node-sdk' })).toBeGreaterThan(0);
  } finally {
    sdk.destroy();
  }
});

it("keeps what a worker counted after it is replaced: the server's totals never go back", async () => {
  const before = total(await scrape(), 'http_requests_total', polls);
  const [victim] = workerPids();
  process.kill(victim!, 'SIGKILL');
  await until('the replacement worker', async () => {
    const pids = workerPids();
    return (
      !pids.includes(victim!) &&
      processes(await scrape()).filter((n) => n.startsWith('worker-')).length === pids.length
    );
  });
  expect(total(await scrape(), 'http_requests_total', polls)).toBeGreaterThanOrEqual(before);
});
