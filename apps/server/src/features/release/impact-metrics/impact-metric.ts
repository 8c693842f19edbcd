/** Impact metrics: the domain types and pure rules (decision record 0038). */

export type ImpactMetricType = 'counter' | 'gauge' | 'histogram';
export const IMPACT_METRIC_TYPES: readonly ImpactMetricType[] = ['counter', 'gauge', 'histogram'];

/** One reading of one series: a counter's increment, a gauge's value, or a histogram's sum, count and buckets. */
export type ImpactSample = {
  appName: string;
  name: string;
  type: ImpactMetricType;
  help: string;
  labels: Record<string, string>;
  value: number;
  count: number | null;
  /** Cumulative counts by upper bound (`"0.1"`, `"+Inf"`), for a histogram. */
  buckets: Record<string, number> | null;
};

/** A series' samples summed over a step: what both the raw samples and the roll-ups give. */
export type ImpactPoint = {
  seriesId: number;
  /** The step's start, in seconds since 1970. */
  at: number;
  reports: number;
  valueSum: number;
  count: number;
  buckets: Record<string, number> | null;
};

export type TimeRange = 'hour' | 'day' | 'week' | 'month';
export const TIME_RANGES: readonly TimeRange[] = ['hour', 'day', 'week', 'month'];

export type AggregationMode = 'rps' | 'count' | 'avg' | 'sum' | 'p50' | 'p95' | 'p99';
export const AGGREGATION_MODES: readonly AggregationMode[] = [
  'rps',
  'count',
  'avg',
  'sum',
  'p50',
  'p95',
  'p99',
];

/** What each type can be aggregated by; the first is the default. */
export const MODES_OF: Record<ImpactMetricType, readonly AggregationMode[]> = {
  counter: ['count', 'rps'],
  gauge: ['avg', 'sum'],
  histogram: ['p95', 'p50', 'p99', 'avg', 'count', 'sum', 'rps'],
};

/** Roll-up resolutions, in seconds, with how long each is kept. */
export const FIVE_MINUTES = 300;
export const ONE_HOUR = 3600;
export const RETENTION_SECONDS = {
  raw: 2 * 3600,
  [FIVE_MINUTES]: 2 * 86_400,
  [ONE_HOUR]: 35 * 86_400,
} as const;

/** How each range is read: its length, its step, and the roll-up it reads (raw samples only for the last hour). */
export const RANGES: Record<
  TimeRange,
  { seconds: number; step: number; resolution: number | null; label: string }
> = {
  hour: { seconds: 3600, step: 60, resolution: null, label: '1m' },
  day: { seconds: 86_400, step: FIVE_MINUTES, resolution: FIVE_MINUTES, label: '5m' },
  week: { seconds: 7 * 86_400, step: ONE_HOUR, resolution: ONE_HOUR, label: '1h' },
  month: { seconds: 30 * 86_400, step: 4 * ONE_HOUR, resolution: ONE_HOUR, label: '4h' },
};

/** Unleash names a series by its type: `unleash_counter_checkout_errors`. */
export const seriesName = (type: ImpactMetricType, name: string) => `unleash_${type}_${name}`;

/** The metric a query names: a series name (`unleash_counter_x`) or a bare metric name. */
export function parseSeriesName(wanted: string): { name: string; type?: ImpactMetricType } {
  for (const type of IMPACT_METRIC_TYPES) {
    const prefix = `unleash_${type}_`;
    if (wanted.startsWith(prefix) && wanted.length > prefix.length)
      return { name: wanted.slice(prefix.length), type };
  }
  return { name: wanted };
}

/** A label set's identity: its pairs sorted by name. */
export const labelsKey = (labels: Record<string, string>): string =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((key) => [key, labels[key]]),
  );

/**
 * The labels a sample is stored with: its own, with `appName` from the report when it has none, and `environment`
 * from the token when the token has one (a development token never writes production series).
 */
export function storedLabels(
  labels: Record<string, string> | undefined,
  report: { appName?: string; tokenEnvironment?: string },
): Record<string, string> {
  const stored = { ...labels };
  if (!stored.appName) stored.appName = report.appName ?? 'unknown';
  if (report.tokenEnvironment) stored.environment = report.tokenEnvironment;
  else if (!stored.environment) stored.environment = 'default';
  return stored;
}

/**
 * The q-quantile of cumulative buckets, interpolated linearly inside the bucket it falls in (as Prometheus'
 * histogram_quantile does); in the `+Inf` bucket it is the highest finite bound.
 */
export function quantile(q: number, buckets: Record<string, number>): number | null {
  const bounds = Object.entries(buckets)
    .map(([le, count]) => ({ le: le === '+Inf' ? Infinity : Number(le), count }))
    .filter((b) => !Number.isNaN(b.le))
    .sort((a, b) => a.le - b.le);
  const total = bounds.at(-1)?.count ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const bound of bounds) {
    if (bound.count >= rank) {
      if (bound.le === Infinity) return lower;
      const inside = bound.count - below;
      return inside <= 0 ? bound.le : lower + ((bound.le - lower) * (rank - below)) / inside;
    }
    lower = bound.le;
    below = bound.count;
  }
  return lower;
}

/** A point's value under a mode, or null when there is nothing to say (no observations). */
export function pointValue(mode: AggregationMode, point: ImpactPoint, stepSeconds: number): number | null {
  switch (mode) {
    case 'count':
      return point.buckets ? point.count : point.valueSum;
    case 'rps':
      return (point.buckets ? point.count : point.valueSum) / stepSeconds;
    case 'sum':
      return point.valueSum;
    case 'avg':
      if (point.buckets) return point.count > 0 ? point.valueSum / point.count : null;
      return point.reports > 0 ? point.valueSum / point.reports : null;
    case 'p50':
    case 'p95':
    case 'p99':
      return point.buckets ? quantile(Number(mode.slice(1)) / 100, point.buckets) : null;
  }
}
