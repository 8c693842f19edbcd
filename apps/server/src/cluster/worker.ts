import { createServer, type IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { readConfig } from '../config.ts';
import { createEdgeHandler } from '../edge/edge-http.ts';
import { createEdgeTokens } from '../edge/edge-tokens.ts';
import type { EdgeToken } from '../edge/edge-upstream.ts';
import { createServingAnswers } from '../features/serving/serving-answers.ts';
import { createServingState } from '../features/serving/serving-state.ts';
import { corsOptionsFor, corsResponseHeaders } from '../http/cors.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { PRIMARY_URL_VARIABLE, type ToPrimary, type ToWorker } from './cluster-messages.ts';
import { createPrimaryProxy } from './primary-proxy.ts';
import { servesInWorker } from './worker-routes.ts';
import { createWorkerStates } from './worker-states.ts';

/** The caller's address as Fastify's `request.ip` has it under the same TRUST_PROXY setting. */
function callerAddress(trust: boolean | string[]): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = trust === true ? () => true : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}

/**
 * A worker process: it answers the SDK endpoints (worker-routes.ts) from memory with the edge's serving code, fed
 * by its primary over IPC, and hands every other request to the primary. It exits when the primary goes.
 */
export async function runWorker(): Promise<void> {
  const config = readConfig();
  const send = (message: ToPrimary) => process.send?.(message);
  const serving = createServingState();
  const asked = new Map<number, (tokens: EdgeToken[]) => void>();
  let nextId = 0;
  const tokens = createEdgeTokens({
    upstream: {
      validate: (secrets) =>
        new Promise((resolve) => {
          const id = ++nextId;
          asked.set(id, resolve);
          send({ kind: 'validate', id, secrets });
        }),
    },
  });
  const states = createWorkerStates({ serving, want: (environment) => send({ kind: 'want', environment }) });
  const proxy = createPrimaryProxy(process.env[PRIMARY_URL_VARIABLE]!);
  const log = (level: 'info' | 'warn', message: string) =>
    level === 'warn' && process.stderr.write(`[switchyard worker ${process.pid}] ${message}\n`);
  const handler = createEdgeHandler({
    answers: createServingAnswers(serving),
    tokens,
    sync: states,
    ready: () => true,
    log,
    unserved: proxy,
    ip: callerAddress(config.trustProxy),
  });
  serving.onChange(() => handler.streams.changed());

  const headers = securityHeaders(config.publicUrl);
  let frontendOrigins: string[] | undefined;
  const server = createServer((request, response) => {
    if (!servesInWorker(request.method, request.url)) return proxy(request, response);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const cors = corsOptionsFor(request.url, frontendOrigins ?? [], config.apiCors);
    for (const [name, value] of Object.entries(corsResponseHeaders(cors, request.headers.origin)))
      response.setHeader(name, value);
    void handler.handle(request, response);
  });
  // As Fastify's default, so a load balancer's idle connections behave the same on either process.
  server.keepAliveTimeout = 72_000;

  const stop = () => {
    handler.streams.endAll();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 8_000).unref();
  };
  let listening = false;
  process.on('message', (message: ToWorker) => {
    if (message.kind === 'state') serving.set(message.environment, message.state);
    else if (message.kind === 'tokens') {
      asked.get(message.id)?.(message.tokens);
      asked.delete(message.id);
    } else if (message.kind === 'changed') {
      tokens.forget();
      frontendOrigins = message.frontendOrigins;
      if (!listening) {
        listening = true;
        server.listen(config.port, config.host);
      }
    } else if (message.kind === 'stop') stop();
  });
  process.on('disconnect', () => process.exit(0));
  send({ kind: 'hello' });
  process.on('SIGTERM', stop);
  // Ctrl+C reaches every process of the terminal's group: the primary stops its workers in order.
  process.on('SIGINT', () => undefined);
}
