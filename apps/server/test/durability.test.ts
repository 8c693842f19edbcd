import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

const ADMIN = '*:*.durability-test-admin';
/** Acknowledged writes in each cycle before the kill is armed, so every cycle has something to lose. */
const WRITES_BEFORE_KILL = 16;
/** Then the kill comes this many ms later, different each cycle so it lands at different moments of a write. */
const KILL_DELAY_MS = [0, 25, 70];

let dataDir: string;
let database: PgDatabase | undefined;
beforeAll(async () => {
  // The bundle starts in about a second where the sources under tsx take several: four starts fit the budget.
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '..') });
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-durability-'));
  if (process.env.DATABASE_URL) database = await createPgDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/** What the server acknowledged (answered 2xx), write by write: each flag created, then switched on. */
type Acknowledged = { created: Set<string>; enabled: Set<string> };

/** Writes one at a time until the server stops answering; returns after the kill, with what was acknowledged. */
async function writeUntilKilled(server: ServerProcess, cycle: number, ack: Acknowledged) {
  const admin = adminClient(server.url, ADMIN);
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  let kill: NodeJS.Timeout | undefined;
  let writes = 0;
  const acknowledged = () => {
    if (++writes === WRITES_BEFORE_KILL)
      kill = setTimeout(() => server.child.kill('SIGKILL'), KILL_DELAY_MS[cycle]);
  };
  try {
    for (let i = 0; ; i++) {
      const name = `durable-${cycle}-${i}`;
      await admin.createFlag(name);
      ack.created.add(name);
      acknowledged();
      await admin.setEnabled(name, 'development', true);
      ack.enabled.add(name);
      acknowledged();
    }
  } catch {
    // The kill: the write in flight may or may not have been saved, and was not acknowledged.
  } finally {
    clearTimeout(kill);
    server.child.kill('SIGKILL');
    await exited;
  }
}

// Every acknowledged write must be on disk (or in PostgreSQL) before its 2xx: kill -9 mid-stream, restart on the
// same data, and look for each one. The same file runs on PGlite by default and on PostgreSQL when DATABASE_URL is set.
// PGlite starts with fsync off (`-F` in its default start parameters): a killed process loses nothing, because each
// write reaches the operating system before the 2xx; surviving an operating-system crash or power loss is not tested.
it(`keeps every acknowledged write through ${KILL_DELAY_MS.length} kill -9 cycles`, async () => {
  const env = {
    DATA_DIR: dataDir,
    INIT_ADMIN_API_TOKENS: ADMIN,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const ack: Acknowledged = { created: new Set(), enabled: new Set() };
  for (const cycle of KILL_DELAY_MS.keys()) {
    const server = await startServerProcess(env, 30_000, 'bundle');
    await writeUntilKilled(server, cycle, ack);
    expect(server.child.signalCode).toBe('SIGKILL');
  }

  const server = await startServerProcess(env, 30_000, 'bundle');
  try {
    const { features } = (await adminClient(server.url, ADMIN).call(
      'GET',
      '/api/admin/projects/default/features',
    )) as { features: { name: string; environments: { name: string; enabled: boolean }[] }[] };
    const stored = new Map(features.map((flag) => [flag.name, flag]));
    const lostCreates = [...ack.created].filter((name) => !stored.has(name));
    const lostSwitches = [...ack.enabled].filter(
      (name) => !stored.get(name)?.environments.find((e) => e.name === 'development')?.enabled,
    );
    expect({ lostCreates, lostSwitches }).toEqual({ lostCreates: [], lostSwitches: [] });
    console.log(
      `durability: ${ack.created.size} creates and ${ack.enabled.size} switches acknowledged over ${KILL_DELAY_MS.length} kill -9 cycles, none lost`,
    );
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 90_000);
