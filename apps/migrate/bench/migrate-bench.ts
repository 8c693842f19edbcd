/**
 * `npm run bench -w @switchyard/migrate` (or `npm run bench -- migrate` from the root): the time to migrate 1,000
 * flags with strategies (BENCH_FLAGS to change) from one server speaking the Unleash Admin API to a fresh
 * Switchyard, both real processes on fresh embedded databases, and what the verification reported.
 * Writes test-output/bench-migrate.json.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '../../server/src/testing/server-process.ts';
import { seedFlags } from '../../server/bench/seed-flags.ts';
import { migrate } from '../src/migrate.ts';
import { formatReport } from '../src/report.ts';

const FLAGS = Number(process.env.BENCH_FLAGS ?? 1000);
const ADMIN = '*:*.bench-migrate-admin';
const CLIENT = '*:development.bench-migrate-client';
const say = (message: string) => console.log(`[bench] ${message}`);

async function start() {
  return startServerProcess(
    {
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'switchyard-migrate-bench-')),
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
      LOG_LEVEL: 'error',
    },
    600_000,
  );
}

const servers: ServerProcess[] = [];
try {
  const source = await start();
  servers.push(source);
  const target = await start();
  servers.push(target);
  say(`seeding ${FLAGS} flags with strategies on the source`);
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${source.url}${url}`, {
      method,
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${await response.text()}`);
  };
  for (const name of ['plan', 'country', 'age', 'version'])
    await call('POST', '/api/admin/context', { name, description: '', legalValues: [] });
  for (const flag of seedFlags(FLAGS)) {
    await call('POST', '/api/admin/projects/default/features', { name: flag.name, type: 'release' });
    const env = `/api/admin/projects/default/features/${flag.name}/environments/development`;
    await call('POST', `${env}/strategies`, flag.strategy);
    if (flag.enabled) await call('POST', `${env}/on`);
  }

  say('migrating');
  const started = performance.now();
  const result = await migrate({
    from: { url: source.url, token: ADMIN },
    to: { url: target.url, token: ADMIN },
    verifyTokens: [CLIENT],
  });
  const seconds = (performance.now() - started) / 1000;
  const again = performance.now();
  const second = await migrate({
    from: { url: source.url, token: ADMIN },
    to: { url: target.url, token: ADMIN },
  });
  const secondSeconds = (performance.now() - again) / 1000;
  console.log(formatReport(result));
  const check = result.checks?.[0];
  const figures = {
    flags: FLAGS,
    seconds: Number(seconds.toFixed(1)),
    writes: result.writes,
    failures: result.failures.length,
    conflicts: result.counts.conflict,
    payloadIdentical: check
      ? check.sourceDigest === check.targetDigest && !check.differentFlags.length
      : null,
    evaluations: check?.evaluations ?? 0,
    evaluationsDiffering: check?.differentResults.length ?? 0,
    secondRunSeconds: Number(secondSeconds.toFixed(1)),
    secondRunWrites: second.writes,
  };
  say(JSON.stringify(figures));
  await mkdir('test-output', { recursive: true });
  await writeFile('test-output/bench-migrate.json', `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
