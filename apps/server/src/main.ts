import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, DEFAULT_DATA_DIR, readConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { adoptOldDataDir } from './db/data-dir.ts';
import { migrate } from './db/migrate.ts';
import { loadKeyring } from './db/sealed-secrets.ts';
import { sealStoredSecrets } from './seal-stored-secrets.ts';
import { openDb } from './db/open-db.ts';
import { startWorkers, type ServingParts } from './cluster/primary.ts';
import { runWorker } from './cluster/worker.ts';

const DEFAULT_ADMIN_UI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/** Process entry: read config, open the database, migrate, bootstrap, listen, and shut down cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  // Each step of the start is printed with its duration: a first start creates a database, which takes a while.
  const say = (message: string) => console.log(`[switchyard] ${message}`);
  let stepStarted = performance.now();
  const took = () => {
    const ms = Math.round(performance.now() - stepStarted);
    stepStarted = performance.now();
    return `${ms} ms`;
  };
  const dataDir = config.databaseUrl
    ? config.dataDir
    : adoptOldDataDir(
        config.dataDir,
        { defaultDir: DEFAULT_DATA_DIR, oldDir: path.resolve(DEFAULT_DATA_DIR, '../apps/server/data') },
        say,
      );
  const db = await openDb({ ...config, dataDir }, say);
  say(`database open (${took()})`);
  const applied = await migrate(db, say);
  const migrated = took();
  if (applied.length) say(`applied ${applied.length} migration(s) (${migrated})`);
  const secrets = await loadKeyring({ ...config, dataDir }, say);
  await sealStoredSecrets(db, secrets, say);
  await bootstrap(db, config, say);
  say(`admin user and INIT_*_API_TOKENS checked (${took()})`);

  // With workers, this process listens on loopback only and its workers relay what they do not answer, saying
  // which peer each request came from under a key made for this start (http/caller.ts, decision record 0021).
  const withWorkers = config.workers > 1;
  const relayKey = withWorkers ? randomBytes(32).toString('base64url') : undefined;
  let parts: ServingParts | undefined;
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  const app = await buildApp({
    db,
    secrets,
    config: { ...config, dataDir, adminUiDir: config.adminUiDir ?? DEFAULT_ADMIN_UI_DIR },
    relayKey,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    shareServing: (shared) => (parts = shared),
    afterChange: withWorkers ? async () => workers?.catchUp() : undefined,
  });
  say(`app built (${took()})`);
  await app.listen(withWorkers ? { port: 0, host: '127.0.0.1' } : { port: config.port, host: config.host });
  const address = app.server.address();
  let port = typeof address === 'object' && address ? address.port : config.port;
  if (withWorkers) {
    say(`primary process listening on http://127.0.0.1:${port} (loopback only: its workers forward to it)`);
    workers = await startWorkers({
      count: config.workers,
      primaryUrl: `http://127.0.0.1:${port}`,
      relayKey: relayKey!,
      parts: parts!,
      say,
    });
    say(`${config.workers} worker processes serve the SDK endpoints (${took()})`);
    port = workers.port;
  }
  // performance.now() counts from the process's start, so this includes loading the code.
  say(
    `listening on http://localhost:${port}${config.basePath} (admin UI and APIs), ${Math.round(performance.now())} ms after start`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing in-flight requests`);
    const timer = setTimeout(() => {
      console.error('[switchyard] shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await workers?.stop();
    await app.close();
    await db.close();
    say('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

(cluster.isWorker ? runWorker() : main()).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`[switchyard] not starting: ${error.message}`);
    process.exit(1);
  }
  // A configuration problem (an invalid variable, a SECRETS_KEY that opens no stored secret) is told plainly.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('[switchyard] failed to start:', error);
  process.exit(1);
});
