/**
 * The `startup` scenario of `npm run bench`: milliseconds from starting the server as `npm run server` does
 * (scripts/serve.mjs, with the bundle already current) to /health answering 200, then a SIGTERM. On a new PGlite data
 * directory (initdb in a child process, every migration, the admin user), on that directory again, and on PostgreSQL
 * when DATABASE_URL is set (a new database, then the migrated one). Targets: existing directory < 3 s, new < 15 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAdminUiUnlessCurrent } from '../../admin/scripts/build-inputs.mjs';
import { createPgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

export type StartupRow = { case: string; runs: number[]; medianMs: number };

/** Starts of an existing database, measured several times: one start is noisy on a shared machine. */
const REPEATS = Number(process.env.BENCH_STARTUP_REPEATS ?? 3);

async function startToHealthy(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  // WORKERS empty is WORKERS unset: the default, a worker per core, as users start it (the tests' default is 1).
  const server = await startServerProcess({ LOG_LEVEL: 'warn', WORKERS: '', ...env }, 90_000, 'serve');
  const ms = Math.round(performance.now() - started);
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM:\n${server.output()}`);
  return ms;
}

const row = (name: string, runs: number[]): StartupRow => ({
  case: name,
  runs,
  medianMs: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!,
});

export async function measureStartup(say: (message: string) => void): Promise<StartupRow[]> {
  say(
    'startup: bundling the server (and the admin UI when stale) once, so each start below finds them current as a second start does',
  );
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (!buildAdminUiUnlessCurrent()) throw new Error('the admin UI did not build');
  const rows: StartupRow[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'switchyard-startup-'));
  try {
    const pglite = { DATA_DIR: path.join(dir, 'data') };
    say('startup: PGlite, new data directory');
    rows.push(row('PGlite, new data directory', [await startToHealthy(pglite)]));
    say(`startup: PGlite, existing data directory (${REPEATS} starts)`);
    const existing: number[] = [];
    for (let i = 0; i < REPEATS; i++) existing.push(await startToHealthy(pglite));
    rows.push(row('PGlite, existing data directory', existing));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const database = await createPgDatabase(process.env.DATABASE_URL, 'switchyard_bench', { empty: true });
    try {
      const postgres = { DATABASE_URL: database.url };
      say('startup: PostgreSQL, new database');
      rows.push(row('PostgreSQL, new database', [await startToHealthy(postgres)]));
      say(`startup: PostgreSQL, migrated database (${REPEATS} starts)`);
      const migrated: number[] = [];
      for (let i = 0; i < REPEATS; i++) migrated.push(await startToHealthy(postgres));
      rows.push(row('PostgreSQL, migrated database', migrated));
    } finally {
      await database.drop();
    }
  }
  console.table(rows.map((r) => ({ case: r.case, 'median ms': r.medianMs, 'runs ms': r.runs.join(', ') })));
  return rows;
}
