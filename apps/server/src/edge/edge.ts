import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServingAnswers } from '../features/sdk-serving/serving/serving-answers.ts';
import { createServingState } from '../features/sdk-serving/serving/serving-state.ts';
import { corsOptionsFor, corsPreflightHeaders, corsResponseHeaders } from '../http/cors.ts';
import { answerClientError } from '../http/framework-errors.ts';
import { securityHeaders } from '../http/security-headers.ts';
import type { EdgeConfig } from './edge-config.ts';
import { createEdgeHandler } from './edge-http.ts';
import { createEdgeExposures } from './edge-exposures.ts';
import { createEdgeMetrics } from './edge-metrics.ts';
import { readSnapshot, restoreSnapshot, writeSnapshot } from './edge-snapshot.ts';
import { createEdgeSync, scopeOfKey } from './edge-sync.ts';
import { createEdgeTokens } from './edge-tokens.ts';
import { createUpstream } from './edge-upstream.ts';

export type Log = (level: 'info' | 'warn', message: string) => void;

/** The edge has no Admin API, and its Client API serves backend SDKs: no browser origin is allowed there. */
const NO_API_CORS = { origins: [], credentials: false };

/** How long after a change the snapshot file is written: a burst of changes makes one write. */
const SNAPSHOT_DELAY_MS = 500;
/** How often TOKENS the upstream could not be asked about are asked about again. */
const RETRY_TOKENS_MS = 5_000;
/**
 * New tokens go upstream at most once per this interval, in one batch (decision record 0023), and one address may
 * present this many tokens a minute that the upstream refuses: a tenth of what the upstream allows one edge.
 */
const VALIDATE_BATCH_MS = 100;
const REFUSALS_PER_ADDRESS = { limit: 100, windowMs: 60_000 };

/**
 * The edge, wired by hand: tokens, sync, serving state, metrics and the HTTP server. `start()` restores the
 * snapshot, asks the upstream about TOKENS and listens; `stop()` ends streams, flushes metrics and writes the
 * snapshot once more.
 */
export function createEdge(config: EdgeConfig, log: Log) {
  const upstream = createUpstream({
    url: config.upstreamUrl,
    appName: config.appName,
    instanceId: config.instanceId,
  });
  const serving = createServingState();
  const tokens = createEdgeTokens({
    upstream,
    batchMs: VALIDATE_BATCH_MS,
    refusalsPerCaller: REFUSALS_PER_ADDRESS,
  });
  const sync = createEdgeSync({ upstream, serving, pollIntervalMs: config.pollIntervalMs, log });
  const metrics = createEdgeMetrics({
    post: (token, body) => upstream.postBulk(token, body),
    tokenFor: (environment) => sync.clientTokenFor(environment),
    via: { appName: config.appName, instanceId: config.instanceId },
    log,
  });
  // Running experiments are asked about as often as flags are polled; exposures go up every flush interval.
  const exposures = createEdgeExposures({
    post: (token, body) => upstream.postExposures(token, body),
    tokenFor: (environment) => sync.clientTokenFor(environment),
    environments: () => [...new Set(serving.keys().map((key) => scopeOfKey(key).environment))],
    askEveryMs: config.pollIntervalMs,
    log,
  });
  const pendingTokens = new Set(config.tokens);
  const handler = createEdgeHandler({
    answers: createServingAnswers(serving, exposures.port),
    tokens,
    sync,
    metrics,
    ready: () => pendingTokens.size === 0 && serving.keys().length > 0,
    log,
  });
  // The server's security headers on every answer (no HSTS: the edge does not know the address browsers use).
  const security = securityHeaders('');
  const server: Server = createServer((request, response) => {
    for (const [name, value] of Object.entries(security)) response.setHeader(name, value);
    // Browser SDKs on other origins call the Frontend API and OFREP; the rule is the server's (http/cors.ts).
    const cors = corsOptionsFor(request.url, config.corsOrigins, NO_API_CORS);
    const origin = request.headers.origin;
    if (
      request.method === 'OPTIONS' &&
      cors.origin !== false &&
      request.headers['access-control-request-method']
    ) {
      const headers = corsPreflightHeaders(cors, origin, request.headers['access-control-request-headers']);
      response.writeHead(204, { ...headers, 'content-length': '0' }).end();
      return;
    }
    for (const [name, value] of Object.entries(corsResponseHeaders(cors, origin)))
      response.setHeader(name, value);
    void handler.handle(request, response);
  });
  server.keepAliveTimeout = 65_000;
  // Requests Node's parser refuses (headers too large, not HTTP) get an answer in the one error format, not a reset.
  server.on('clientError', answerClientError);

  let snapshotTimer: NodeJS.Timeout | undefined;
  let snapshotWrite = Promise.resolve();
  const saveSnapshot = () => {
    const file = config.snapshotFile;
    if (!file) return snapshotWrite;
    snapshotWrite = snapshotWrite
      .then(() => writeSnapshot(file, serving, tokens.all()))
      .catch((error: Error) => log('warn', `could not write the snapshot ${file}: ${error.message}`));
    return snapshotWrite;
  };
  const scheduleSnapshot = () => {
    if (!config.snapshotFile) return;
    snapshotTimer ??= setTimeout(() => {
      snapshotTimer = undefined;
      void saveSnapshot();
    }, SNAPSHOT_DELAY_MS);
  };

  serving.onChange(() => {
    handler.streams.changed();
    scheduleSnapshot();
  });
  tokens.onNew((token) => {
    sync.follow(token);
    scheduleSnapshot();
  });

  let tokenRetry: NodeJS.Timeout | undefined;
  const askAboutTokens = async () => {
    tokenRetry = undefined;
    if (!pendingTokens.size) return;
    try {
      const valid = await tokens.validate([...pendingTokens]);
      const validSet = new Set(valid.map((token) => token.token));
      for (const secret of pendingTokens)
        if (!validSet.has(secret))
          log('warn', `the upstream refused a token of TOKENS (${secret.split('.')[0]}.…)`);
      pendingTokens.clear();
    } catch (error) {
      log('warn', `could not validate TOKENS upstream, trying again: ${(error as Error).message}`);
      tokenRetry = setTimeout(() => void askAboutTokens(), RETRY_TOKENS_MS);
    }
  };

  let metricsTimer: NodeJS.Timeout | undefined;
  let exposuresTimer: NodeJS.Timeout | undefined;

  return {
    serving,
    async start(): Promise<{ port: number }> {
      if (config.snapshotFile) {
        const snapshot = await readSnapshot(config.snapshotFile);
        if (snapshot) {
          tokens.add(restoreSnapshot(snapshot, serving));
          for (const token of tokens.all()) pendingTokens.delete(token.token);
          log('info', `serving ${snapshot.states.length} state(s) from the snapshot of ${snapshot.savedAt}`);
        }
      }
      await askAboutTokens();
      metricsTimer = setInterval(() => void metrics.flush(), config.metricsIntervalMs);
      metricsTimer.unref();
      exposuresTimer = setInterval(() => void exposures.flush(), config.experimentFlushIntervalMs);
      exposuresTimer.unref();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      return { port: (server.address() as AddressInfo).port };
    },
    async stop(): Promise<void> {
      clearInterval(metricsTimer);
      clearInterval(exposuresTimer);
      clearTimeout(tokenRetry);
      clearTimeout(snapshotTimer);
      sync.stop();
      handler.streams.endAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all([metrics.flush(), exposures.flush(), saveSnapshot()]);
      await closed;
    },
    /** Sends held metrics upstream now (tests, and shutdown). */
    flushMetrics: () => metrics.flush(),
    /** Sends held exposures upstream now, and asks which experiments run where it is time to (tests). */
    flushExposures: () => exposures.flush(),
  };
}
