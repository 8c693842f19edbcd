import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, DEFAULT_DATA_DIR, readConfig } from './config.ts';
import { logFormatOf } from './log-line.ts';
import { createLogger } from './logger.ts';
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
  const log = createLogger({ level: config.logLevel, format: config.logFormat, role: 'primary' });
  const say = (message: string) => log.info(message);
  // How long each step of the start took, told once in the "listening" line (a first start also tells its steps).
  const steps: Record<string, number> = {};
  let stepStarted = performance.now();
  const took = (step: string) => {
    steps[step] = Math.round(performance.now() - stepStarted);
    stepStarted = performance.now();
    return steps[step];
  };
  const dataDir = config.databaseUrl
    ? config.dataDir
    : adoptOldDataDir(
        config.dataDir,
        { defaultDir: DEFAULT_DATA_DIR, oldDir: path.resolve(DEFAULT_DATA_DIR, '../apps/server/data') },
        say,
      );
  const db = await openDb({ ...config, dataDir }, say);
  took('databaseMs');
  const applied = await migrate(db, say);
  const migrated = took('migrationsMs');
  if (applied.length) say(`applied ${applied.length} migration(s) (${migrated} ms)`);
  const secrets = await loadKeyring({ ...config, dataDir }, say);
  await sealStoredSecrets(db, secrets, say);
  await bootstrap(db, config, say);
  took('bootstrapMs');

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
    logger: log,
    shareServing: (shared) => (parts = shared),
    afterChange: withWorkers ? async () => workers?.catchUp() : undefined,
    workerMetrics: withWorkers ? async () => (await workers?.metrics()) ?? [] : undefined,
  });
  took('appMs');

  // Set before listening: a SIGTERM while the workers start (an orchestrator giving up) still stops cleanly.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing in-flight requests`);
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
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
  // A parent that holds this process's input on a pipe (the tests' server-process helper) may be killed without
  // stopping it; the pipe then closes, and the server and its workers stop instead of running on, orphaned.
  if (config.stopWhenStdinCloses) {
    for (const event of ['end', 'close'])
      process.stdin.once(event, () => void shutdown('end of standard input'));
    process.stdin.resume();
  }

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
    took('workersMs');
    port = workers.port;
  }
  // performance.now() counts from the process's start, so this includes loading the code.
  log.info(
    { ...steps, workers: config.workers },
    `listening on http://localhost:${port}${config.basePath} (admin UI and APIs), ${Math.round(performance.now())} ms after start`,
  );
}

(cluster.isWorker ? runWorker() : main()).catch((error: unknown) => {
  // The configuration may be what failed: this log reads only the format.
  const log = createLogger({
    level: 'info',
    format: logFormatOf(process.env.LOG_FORMAT) ?? 'json',
    role: cluster.isWorker ? 'worker' : 'primary',
  });
  if (error instanceof DataDirLockedError) {
    log.fatal(`not starting: ${error.message}`);
    process.exit(1);
  }
  // A configuration problem (an invalid variable, a SECRETS_KEY that opens no stored secret) is told plainly.
  if (error instanceof ConfigError) {
    log.fatal(error.message);
    process.exit(2);
  }
  log.fatal({ err: error }, `failed to start: ${(error as Error).message ?? String(error)}`);
  process.exit(1);
});
