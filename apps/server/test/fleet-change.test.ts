import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startEdgeProcess, type EdgeProcess } from '../src/testing/edge-process.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// A small fleet (issue 38): on PostgreSQL (DATABASE_URL), two server processes from the bundle on one database and
// two edges, each upstream of a different server; a streaming `unleash-client` on each of the four. One flag change
// through the first server's Admin API reaches every SDK within a second of the write's response: the other server
// hears it by NOTIFY, the edges by their upstream streams.
// On PGlite one process owns a data directory, so the same file runs one server with both edges upstream of it,
// and an SDK on each of the three.
const ADMIN = '*:*.fleet-admin';
const CLIENT = '*:development.fleet-client';
const onPostgres = !!process.env.DATABASE_URL;

let database: PgDatabase | undefined;
let dataDir: string | undefined;
const servers: ServerProcess[] = [];
const edges: EdgeProcess[] = [];
const sdks: { where: string; sdk: Unleash }[] = [];

const connect = async (where: string, url: string) => {
  const sdk = new Unleash({
    url: `${url}/api/`,
    appName: 'fleet-sdk',
    instanceId: `fleet-sdk-${sdks.length}`,
    customHeaders: { Authorization: CLIENT },
    // Polls far apart: a change that arrives within a second came by streaming.
    refreshInterval: 60_000,
    disableMetrics: true,
    experimentalMode: { type: 'streaming' },
    storageProvider: { set: async () => undefined, get: async () => undefined } as never,
  });
  sdks.push({ where, sdk });
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
};

beforeAll(async () => {
  const tokens = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT };
  if (onPostgres) {
    database = await createPgDatabase(process.env.DATABASE_URL!, 'switchyard_fleet');
    const env = { ...tokens, DATABASE_URL: database.url };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-fleet-'));
    servers.push(await startServerProcess({ ...tokens, DATA_DIR: dataDir }));
  }
  const admin = adminClient(servers[0]!.url, ADMIN);
  await admin.createFlag('fleet-change');
  await admin.addStrategy('fleet-change', 'development', { name: 'default' });
  const upstreams = [servers[0]!, servers[1] ?? servers[0]!];
  edges.push(
    ...(await Promise.all(
      upstreams.map((upstream) =>
        startEdgeProcess({
          UPSTREAM_URL: upstream.url,
          TOKENS: CLIENT,
          FEATURES_REFRESH_INTERVAL_SECONDS: '60',
        }),
      ),
    )),
  );
  await Promise.all([
    ...servers.map((server, i) => connect(`server ${i + 1}`, server.url)),
    ...edges.map((edge, i) => connect(`edge ${i + 1} (upstream server ${onPostgres ? i + 1 : 1})`, edge.url)),
  ]);
}, 240_000);

afterAll(async () => {
  for (const { sdk } of sdks) sdk.destroy();
  await Promise.all(edges.map((edge) => edge.stop()));
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe(
  onPostgres ? 'two servers and two edges on one PostgreSQL' : 'one server and two edges on PGlite',
  () => {
    it('every streaming SDK sees a flag change within a second of the write', async () => {
      expect(sdks).toHaveLength(onPostgres ? 4 : 3);
      for (const { sdk } of sdks) expect(sdk.isEnabled('fleet-change')).toBe(false);

      await adminClient(servers[0]!.url, ADMIN).setEnabled('fleet-change', 'development', true);
      const answeredAt = performance.now();
      const seenAfter = await Promise.all(
        sdks.map(async ({ sdk }) => {
          while (!sdk.isEnabled('fleet-change')) {
            if (performance.now() - answeredAt > 5_000) return Infinity;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return performance.now() - answeredAt;
        }),
      );
      const report = sdks.map(({ where }, i) => `${where} ${Math.round(seenAfter[i]!)} ms`).join(', ');
      console.log(`[fleet-change] seen after the write's response: ${report}`);
      for (const after of seenAfter) expect(after).toBeLessThan(1_000);
    }, 30_000);
  },
);
