import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// Served history (decision record 0041) written by two server processes at once: on PostgreSQL two processes from
// the bundle share one database and write interleaved changes to one environment; the history lock must order
// their recordings so that each recorded instant reconstructs what was served then, with no change recorded twice
// or lost. The embedded database admits one process per data directory (decision record 0028), so on PGlite the
// same writers share one process: the same checks, with the transactions interleaving inside it.
const ADMIN = '*:*.sh-admin';
const CLIENT = '*:development.sh-client';
const FLAGS = 6;
const WRITES_PER_FLAG = 8;
let database: PgDatabase | undefined;
let dataDir: string | undefined;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  const env = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT };
  if (process.env.DATABASE_URL) {
    database = await createPgDatabase(process.env.DATABASE_URL, 'switchyard_sh');
    const shared = { ...env, DATABASE_URL: database.url };
    servers = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-sh-'));
    servers = [await startServerProcess({ ...env, DATA_DIR: dataDir })];
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The two writers' servers: two processes on PostgreSQL, the one process twice on PGlite. */
const writers = () => [servers[0]!, servers[1] ?? servers[0]!] as const;

async function call(server: ServerProcess, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

type Served = { features: { name: string; enabled: boolean }[]; segments: unknown[] };

async function served(server: ServerProcess): Promise<Served> {
  const response = await fetch(`${server.url}/api/client/features`, {
    headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0' },
  });
  const body = (await response.json()) as Served;
  return { features: body.features, segments: body.segments ?? [] };
}

const stateAt = async (server: ServerProcess, at: string): Promise<Served> => {
  const body = await call(
    server,
    'GET',
    `/api/admin/history/state?environment=development&at=${encodeURIComponent(at)}`,
  );
  return { features: body.features, segments: body.segments };
};

type Change = { recordingId: number; at: string; events: { id: number }[] };
const timeline = async (server: ServerProcess, flag: string): Promise<Change[]> =>
  (
    await call(
      server,
      'GET',
      `/api/admin/projects/default/features/${flag}/environments/development/history?limit=100`,
    )
  ).changes;

const flagName = (i: number) => `sh-flag-${i}`;
const toggle = (server: ServerProcess, flag: string, on: boolean) =>
  call(
    server,
    'POST',
    `/api/admin/projects/default/features/${flag}/environments/development/${on ? 'on' : 'off'}`,
  );

describe('served history written by several processes', () => {
  it('records interleaved writes of two writers once each, in commit order, each instant as it was served', async () => {
    const [a, b] = writers();
    for (let i = 0; i < FLAGS; i++)
      await call(i % 2 ? b : a, 'POST', '/api/admin/projects/default/features', { name: flagName(i) });

    // Each writer flips its own flags (even ones through a, odd ones through b) at once; every write changes
    // what is served, so each must appear in its flag's timeline exactly once.
    const writer = async (server: ServerProcess, parity: number) => {
      for (let n = 0; n < WRITES_PER_FLAG; n++)
        for (let i = parity; i < FLAGS; i += 2) await toggle(server, flagName(i), n % 2 === 0);
    };
    await Promise.all([writer(a, 0), writer(b, 1)]);

    const timelines = new Map<string, Change[]>();
    for (let i = 0; i < FLAGS; i++) timelines.set(flagName(i), await timeline(i % 2 ? a : b, flagName(i)));
    const eventIds: number[] = [];
    const recordings = new Map<number, string>();
    const writerOf = new Map<number, number>();
    for (const [index, [flag, changes]] of [...timelines].entries()) {
      for (const change of changes.slice(0, -1)) writerOf.set(change.recordingId, index % 2);
      // The creation, then one change per write: none lost, none twice.
      expect(changes.length, flag).toBe(WRITES_PER_FLAG + 1);
      for (const change of changes) {
        expect(change.events.length, `${flag} at ${change.at}`).toBeGreaterThanOrEqual(1);
        eventIds.push(...change.events.map((e) => e.id));
        recordings.set(change.recordingId, change.at);
      }
    }
    expect(new Set(eventIds).size).toBe(eventIds.length);
    // Recordings follow commit order across processes: a later recording never has an earlier instant.
    const ordered = [...recordings].sort(([x], [y]) => x - y);
    for (let k = 1; k < ordered.length; k++)
      expect(Date.parse(ordered[k]![1]), `recording ${ordered[k]![0]}`).toBeGreaterThanOrEqual(
        Date.parse(ordered[k - 1]![1]),
      );

    // The two writers' changes did interleave: the writer changes many times along the recordings.
    const byId = [...writerOf].sort(([x], [y]) => x - y).map(([, w]) => w);
    expect(byId.filter((w, k) => k > 0 && w !== byId[k - 1]).length).toBeGreaterThan(4);

    // At every recorded instant, each flag is as its writes up to the last recording of that instant left it.
    const lastAt = new Map(ordered.map(([id, at]) => [at, id]));
    for (const [at, upTo] of lastAt) {
      const state = await stateAt(a, at);
      for (const [flag, changes] of timelines) {
        const recorded = changes.filter((c) => c.recordingId <= upTo).length;
        const feature = state.features.find((f) => f.name === flag);
        // Not created yet; else the n-th write (from 0) turned the flag on when n is even (created off).
        if (recorded === 0) expect(feature, `${flag} at ${at}`).toBeUndefined();
        else
          expect(feature?.enabled, `${flag} at ${at} after ${recorded - 1} writes`).toBe(recorded % 2 === 0);
      }
    }
  }, 180_000);

  it('reconstructs, at each instant of writes alternating between the processes, the payload the other served', async () => {
    const [a, b] = writers();
    const steps: { at: string; served: Served }[] = [];
    for (let n = 0; n < 8; n++) {
      const [through, reader] = n % 2 ? [b, a] : [a, b];
      const flag = flagName(n % FLAGS);
      if (n % 4 === 3)
        await call(
          through,
          'POST',
          `/api/admin/projects/default/features/${flag}/environments/development/strategies`,
          {
            name: 'flexibleRollout',
            parameters: { rollout: String(10 * n), stickiness: 'default', groupId: flag },
          },
        );
      else await toggle(through, flag, n % 3 !== 0);
      // The last recording now, as the writer's process reads it; then what the other process serves once the
      // database told it of the change (LISTEN/NOTIFY). Nothing else writes meanwhile.
      const moment = await call(
        through,
        'GET',
        `/api/admin/history/state?environment=development&at=${encodeURIComponent(new Date().toISOString())}`,
      );
      let now: Served = { features: [], segments: [] };
      await expect
        .poll(async () => {
          now = await served(reader);
          return JSON.stringify(now);
        })
        .toBe(JSON.stringify({ features: moment.features, segments: moment.segments }));
      steps.push({ at: moment.moment.recordedAt, served: now });
    }
    // Later writes leave each earlier instant as it was served, whichever process reconstructs it.
    for (const [k, step] of steps.entries())
      expect(JSON.stringify(await stateAt(k % 2 ? a : b, step.at)), `step ${k} at ${step.at}`).toBe(
        JSON.stringify(step.served),
      );
  }, 120_000);
});
