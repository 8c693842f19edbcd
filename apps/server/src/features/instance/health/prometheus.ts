import type { FastifyInstance } from 'fastify';
import {
  addCounters,
  countRequest,
  DROPPED,
  labelValue,
  type Counters,
  type ProcessMetrics,
} from './process-counters.ts';

/** Counts every response Fastify sends, with the time Fastify measured for it. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    countRequest(request.method, request.routeOptions.url ?? 'unknown', reply.statusCode, reply.elapsedTime);
  });
}

type Help = { type: 'counter' | 'gauge' | 'summary'; help: string };

/** Every metric the endpoint can show, in the order it shows them; the docs' table lists the same. */
const GAUGES: Record<string, string> = {
  process_uptime_seconds: 'Seconds since the process started.',
  process_resident_memory_bytes: 'Resident memory of the process.',
  nodejs_heap_used_bytes: 'V8 heap in use.',
  nodejs_eventloop_delay_p99_seconds: '99th percentile of event loop delay.',
};
const COUNTERS: Record<string, Help> = {
  http_requests_total: {
    type: 'counter',
    help: 'HTTP responses by method, route and status, every process.',
  },
  http_request_duration_milliseconds: {
    type: 'summary',
    help: 'Time to answer the requests the application router answered, by path, method and status.',
  },
  switchyard_client_fast_path_responses_total: {
    type: 'counter',
    help: 'SDK requests answered from memory before routing (also in http_requests_total).',
  },
  feature_toggle_usage_total: {
    type: 'counter',
    help: 'Flag evaluations SDKs reported, by flag (toggle), answer (active) and application.',
  },
  client_sdk_versions: { type: 'counter', help: 'SDK registrations by SDK name and version.' },
  [DROPPED]: {
    type: 'counter',
    help: 'Increments not counted because their metric reached its label sets cap.',
  },
};

const series = (name: string, labels: string, value: number) =>
  `${name}${labels ? `{${labels}}` : ''} ${Number.isInteger(value) ? value : value.toFixed(3)}`;

/**
 * The Prometheus text format (0.0.4) for the whole server: each process's gauges with a `process` label, and the
 * counters of every process summed, so one scrape counts what the primary and every worker answered.
 */
export function renderPrometheus(processes: readonly ProcessMetrics[]): string {
  const counters = processes.reduce<Counters>((sum, each) => addCounters(sum, each.counters), {});
  const lines: string[] = [];
  for (const [name, help] of Object.entries(GAUGES)) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const each of processes) {
      const value = each.gauges[name];
      if (value !== undefined) lines.push(series(name, `process="${labelValue(each.process)}"`, value));
    }
  }
  for (const [name, { type, help }] of Object.entries(COUNTERS)) {
    const parts = type === 'summary' ? [`${name}_count`, `${name}_sum`] : [name];
    if (!parts.some((part) => counters[part])) {
      // A plain counter with no labels is shown at zero, so a query finds it before the first increment.
      if (name === 'switchyard_client_fast_path_responses_total') counters[name] = { '': 0 };
      else continue;
    }
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const part of parts)
      for (const [labels, value] of Object.entries(counters[part] ?? {}))
        lines.push(series(part, labels, value));
  }
  return `${lines.join('\n')}\n`;
}
