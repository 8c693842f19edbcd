import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { readConfig } from '../config.ts';
import { processMetrics } from '../features/instance/index.ts';
import { createSdkHandler } from '../features/sdk-serving/serving/sdk-handler.ts';
import { WORKER_ROUTES } from '../features/sdk-serving/serving/sdk-routes.ts';
import { createServingState } from '../features/sdk-serving/serving/serving-state.ts';
import { createExposureBuffer } from '../features/sdk-serving/serving/exposure-buffer.ts';
import type { ServedToken } from '../features/sdk-serving/serving/token-scope.ts';
import { createBasePathGate } from '../http/base-path.ts';
import { createCallers } from '../http/caller.ts';
import { createLogger } from '../logger.ts';
import { answerClientError } from '../http/framework-errors.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { PRIMARY_URL_VARIABLE, type ToPrimary, type ToWorker } from './cluster-messages.ts';
import { createPrimaryProxy } from './primary-proxy.ts';
import { createWorkerStates } from './worker-states.ts';

/**
 * A worker process: it answers the SDK endpoints from memory with the serving code the edge and the primary use
 * (features/sdk-serving/serving/sdk-handler.ts), fed by its primary over IPC, and hands every other request to the primary.
 * It exits when the primary goes.
 */
export async function runWorker(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, role: 'worker' });
  // A primary that is already gone (stopped while this worker started, or killed) closes the channel: the write's
  // EPIPE comes to the callback instead of an unhandled 'error' event, and 'disconnect' below ends this worker.
  const send = (message: ToPrimary) => process.send?.(message, undefined, undefined, () => undefined);
  const serving = createServingState();
  const asked = new Map<number, (tokens: ServedToken[]) => void>();
  let nextId = 0;
  // First exposures to running experiments, sent to the primary every EXPERIMENT_FLUSH_INTERVAL_MS (it writes them).
  const exposures = createExposureBuffer();
  const sendExposures = () => {
    const held = exposures.take();
    if (held.length > 0) send({ kind: 'exposures', exposures: held });
    const dropped = exposures.takeDropped();
    if (dropped > 0) logger.warn(`experiments: ${dropped} exposures dropped, the buffer was full`);
  };
  const exposureTimer = setInterval(sendExposures, config.experimentFlushIntervalMs);
  exposureTimer.unref();
  const states = createWorkerStates({ serving, want: (environment) => send({ kind: 'want', environment }) });
  // Set before the first `changed`, so before this worker listens.
  let relayKey = '';
  // The primary takes BASE_URI_PATH off again: what a worker relays goes with the prefix it came with.
  const proxy = createPrimaryProxy(process.env[PRIMARY_URL_VARIABLE]!, () => relayKey, config.basePath);
  let frontendOrigins: string[] = [];
  const headers = securityHeaders(config.publicUrl);
  const basePathGate = createBasePathGate(config.basePath, headers);
  const sdk = createSdkHandler({
    serving,
    keyFor: (token) => states.keyFor(token),
    lookUpTokens: (secrets) =>
      new Promise((resolve) => {
        const id = ++nextId;
        asked.set(id, resolve);
        send({ kind: 'validate', id, secrets });
      }),
    routes: WORKER_ROUTES,
    unserved: proxy,
    securityHeaders: headers,
    apiCors: config.apiCors,
    frontendOrigins: () => frontendOrigins,
    // The socket is the caller's own here: no relay key to accept.
    callers: createCallers({ trustProxy: config.trustProxy }),
    log: (level, message) => logger[level](message),
    exposures: exposures.port,
  });
  serving.onChange(() => sdk.streams.changed());

  const server = createServer((request, response) => {
    if (basePathGate(request, response)) return;
    if (!sdk.handle(request, response)) proxy(request, response);
  });
  // As Fastify's default, so a load balancer's idle connections behave the same on either process.
  server.keepAliveTimeout = 72_000;
  // Requests Node's parser refuses (headers too large, not HTTP) get the primary's answer (431, 400), not a reset.
  server.on('clientError', answerClientError);

  const stop = () => {
    clearInterval(exposureTimer);
    sendExposures();
    sdk.streams.endAll();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 8_000).unref();
  };
  let listening = false;
  process.on('message', (message: ToWorker) => {
    if (message.kind === 'relay-key') relayKey = message.key;
    else if (message.kind === 'state') serving.set(message.environment, message.state);
    else if (message.kind === 'tokens') {
      asked.get(message.id)?.(message.tokens);
      asked.delete(message.id);
    } else if (message.kind === 'changed') {
      sdk.forgetTokens();
      frontendOrigins = message.frontendOrigins;
      if (!listening) {
        listening = true;
        server.listen(config.port, config.host);
      }
    } else if (message.kind === 'sync') send({ kind: 'synced', seq: message.seq });
    else if (message.kind === 'experiments') exposures.setRunning(message.running);
    else if (message.kind === 'metrics')
      send({ kind: 'metrics', id: message.id, metrics: processMetrics(`worker-${cluster.worker?.id}`) });
    else if (message.kind === 'stop') stop();
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', stop);
  // Ctrl+C reaches every process of the terminal's group: the primary stops its workers in order.
  process.on('SIGINT', () => undefined);
  send({ kind: 'hello' });
}
