import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

const requestCounts = new Map<string, number>();

let fastPathResponses = 0;

const labelsOf = (method: string, route: string, status: number) =>
  `method="${method}",route="${route.replaceAll('"', '')}",status="${status}"`;

/** Counts one response. */
export function countRequest(method: string, route: string, status: number): void {
  const key = labelsOf(method, route, status);
  requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
}

/** A counter for responses that a fast path sends before Fastify sees the request, labels built once. */
export function fastPathCounter(method: string, route: string, status: number): () => void {
  const key = labelsOf(method, route, status);
  return () => {
    requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
    fastPathResponses++;
  };
}

/** Counts responses by method, route and status class for the Prometheus endpoint. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    countRequest(request.method, request.routeOptions.url ?? 'unknown', reply.statusCode);
  });
}

export function renderPrometheus(_app: FastifyInstance): string {
  const memory = process.memoryUsage();
  const lines = [
    '# HELP process_uptime_seconds Seconds since the server process started.',
    '# TYPE process_uptime_seconds gauge',
    `process_uptime_seconds ${process.uptime().toFixed(3)}`,
    '# HELP process_resident_memory_bytes Resident memory of the process.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${memory.rss}`,
    '# HELP nodejs_heap_used_bytes V8 heap in use.',
    '# TYPE nodejs_heap_used_bytes gauge',
    `nodejs_heap_used_bytes ${memory.heapUsed}`,
    '# HELP nodejs_eventloop_delay_p99_seconds 99th percentile of event loop delay.',
    '# TYPE nodejs_eventloop_delay_p99_seconds gauge',
    `nodejs_eventloop_delay_p99_seconds ${(loopDelay.percentile(99) / 1e9).toFixed(6)}`,
    '# HELP http_requests_total HTTP responses by method, route and status.',
    '# TYPE http_requests_total counter',
    ...[...requestCounts].map(([labels, count]) => `http_requests_total{${labels}} ${count}`),
    '# HELP switchyard_client_fast_path_responses_total SDK polls answered from a prepared payload without routing.',
    '# TYPE switchyard_client_fast_path_responses_total counter',
    `switchyard_client_fast_path_responses_total ${fastPathResponses}`,
  ];
  return `${lines.join('\n')}\n`;
}
