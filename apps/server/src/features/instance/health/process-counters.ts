import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * This process's counters for the Prometheus endpoint. They are the process's own (one set per process, as its
 * memory and uptime are), so they live at module level; a worker sends them to its primary on each scrape
 * (cluster/), which sums every process's into one answer (prometheus.ts).
 */

/** Counters by metric name, then by rendered label set (`method="GET",route="/health"`, or '' for none). */
export type Counters = Record<string, Record<string, number>>;

/** What one process contributes to a scrape: its counters and its gauges. */
export type ProcessMetrics = { process: string; counters: Counters; gauges: Record<string, number> };

type Cell = { value: number };

/**
 * Label sets kept per metric: flag names and application names come from SDK reports, so a flood of new names
 * must not grow the process without bound. Beyond it, new label sets are counted in DROPPED instead.
 */
const MAX_SERIES = 5_000;
export const DROPPED = 'switchyard_metrics_series_dropped_total';

const families = new Map<string, Map<string, Cell>>();
const dropped: Cell = { value: 0 };

function cellOf(metric: string, labels: string): Cell {
  let family = families.get(metric);
  if (!family) families.set(metric, (family = new Map()));
  let cell = family.get(labels);
  if (!cell) {
    if (family.size >= MAX_SERIES) return dropped;
    family.set(labels, (cell = { value: 0 }));
  }
  return cell;
}

/** A label value as the text format writes it: backslash, quote and newline escaped. */
export const labelValue = (value: string): string =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

const requestLabels = (method: string, route: string, status: number) =>
  `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`;

/** Unleash's labels for its request summary: path (the route pattern), method, status. */
const durationLabels = (method: string, route: string, status: number) =>
  `path="${labelValue(route)}",method="${labelValue(method)}",status="${status}"`;

/** Counts one response Fastify sent, with how long it took. */
export function countRequest(method: string, route: string, status: number, milliseconds: number): void {
  cellOf('http_requests_total', requestLabels(method, route, status)).value++;
  const labels = durationLabels(method, route, status);
  cellOf('http_request_duration_milliseconds_count', labels).value++;
  cellOf('http_request_duration_milliseconds_sum', labels).value += milliseconds;
}

/**
 * A counter for responses that a fast path sends before Fastify sees the request: the labels are resolved once,
 * so each response costs two increments and no lookup (the SDK polls' path must stay that cheap).
 */
export function fastPathCounter(method: string, route: string, status: number): () => void {
  const requests = cellOf('http_requests_total', requestLabels(method, route, status));
  const fast = cellOf('switchyard_client_fast_path_responses_total', '');
  return () => {
    requests.value++;
    fast.value++;
  };
}

/** Counts what an SDK reported it evaluated: each flag's yes and no answers, per application (Unleash's name). */
export function countFlagUsage(
  appName: string,
  counts: readonly { flagName: string; yes: number; no: number }[],
): void {
  const app = labelValue(appName);
  for (const { flagName, yes, no } of counts) {
    const flag = labelValue(flagName);
    if (yes > 0)
      cellOf('feature_toggle_usage_total', `toggle="${flag}",active="true",appName="${app}"`).value += yes;
    if (no > 0)
      cellOf('feature_toggle_usage_total', `toggle="${flag}",active="false",appName="${app}"`).value += no;
  }
}

/** Counts an SDK registration by the SDK's name and version (`unleash-client-node:6.1.0`), as Unleash does. */
export function countSdkVersion(sdkVersion: string | null): void {
  const at = sdkVersion?.indexOf(':') ?? -1;
  if (!sdkVersion || at < 1) return;
  const labels = `sdk_name="${labelValue(sdkVersion.slice(0, at))}",sdk_version="${labelValue(sdkVersion.slice(at + 1))}"`;
  cellOf('client_sdk_versions', labels).value++;
}

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

/** This process's counters and gauges now, as plain data (it crosses the cluster's IPC channel). */
export function processMetrics(name: string): ProcessMetrics {
  const counters: Counters = {};
  for (const [metric, family] of families) {
    const series: Record<string, number> = {};
    for (const [labels, cell] of family) series[labels] = cell.value;
    counters[metric] = series;
  }
  if (dropped.value) counters[DROPPED] = { '': dropped.value };
  const memory = process.memoryUsage();
  return {
    process: name,
    counters,
    gauges: {
      process_uptime_seconds: Number(process.uptime().toFixed(3)),
      process_resident_memory_bytes: memory.rss,
      nodejs_heap_used_bytes: memory.heapUsed,
      nodejs_eventloop_delay_p99_seconds: Number((loopDelay.percentile(99) / 1e9).toFixed(6)),
    },
  };
}

/** Adds `from`'s counters into `into`. */
export function addCounters(into: Counters, from: Counters): Counters {
  for (const [metric, series] of Object.entries(from)) {
    const target = (into[metric] ??= {});
    for (const [labels, value] of Object.entries(series)) target[labels] = (target[labels] ?? 0) + value;
  }
  return into;
}
