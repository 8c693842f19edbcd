import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

const requestCounts = new Map<string, number>();

/** Counts responses by method, route and status class for the Prometheus endpoint. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    const key = `method="${request.method}",route="${route.replaceAll('"', '')}",status="${reply.statusCode}"`;
    requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
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
  ];
  return `${lines.join('\n')}\n`;
}
