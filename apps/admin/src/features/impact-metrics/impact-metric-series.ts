import type { ImpactMetricData, ImpactMetricQuery } from '../../api/wire.ts';

export type ImpactMetricType = 'counter' | 'gauge' | 'histogram';
export type AggregationMode = NonNullable<ImpactMetricQuery['aggregationMode']>;
export type TimeRange = ImpactMetricQuery['range'];

/** What each type of metric can be read as, the first the server's default (as the server's MODES_OF says). */
export const MODES_OF: Record<ImpactMetricType, AggregationMode[]> = {
  counter: ['count', 'rps'],
  gauge: ['avg', 'sum'],
  histogram: ['p95', 'p50', 'p99', 'avg', 'count', 'sum', 'rps'],
};

export const MODE_LABELS: Record<AggregationMode, string> = {
  count: 'Count per step',
  rps: 'Rate per second',
  avg: 'Average',
  sum: 'Sum',
  p50: 'Median (p50)',
  p95: '95th percentile (p95)',
  p99: '99th percentile (p99)',
};

export const RANGE_LABELS: Record<TimeRange, string> = {
  hour: 'Last hour',
  day: 'Last day',
  week: 'Last week',
  month: 'Last month',
};

/** One chart row per step: its start in milliseconds, and each series' value (absent where it has none). */
export type ChartRow = { at: number } & Record<string, number>;
export type ChartSeries = { name: string; label: string };

/** A series' name for people: its label values other than the ones every series shares, or the metric's. */
export function seriesLabel(metric: Record<string, string>, shared: Set<string>): string {
  const parts = Object.entries(metric)
    .filter(([key]) => !shared.has(key))
    .map(([key, value]) => `${key}=${value}`);
  return parts.length ? parts.join(', ') : 'all';
}

/** The answer of GET /api/admin/impact-metrics as rows a line chart reads, one key per series. */
export function toChart(data: ImpactMetricData): { rows: ChartRow[]; series: ChartSeries[] } {
  const first = data.series[0]?.metric ?? {};
  const shared = new Set(
    Object.keys(first).filter(
      (key) => data.series.length > 1 && data.series.every((s) => s.metric[key] === first[key]),
    ),
  );
  const byTime = new Map<number, ChartRow>();
  const series = data.series.map((s, index) => {
    const name = `s${index}`;
    for (const [at, value] of s.data) {
      const ms = Number(at) * 1000;
      const row = byTime.get(ms) ?? ({ at: ms } as ChartRow);
      row[name] = Number(value);
      byTime.set(ms, row);
    }
    return { name, label: seriesLabel(s.metric, shared) };
  });
  return { rows: [...byTime.values()].sort((a, b) => a.at - b.at), series };
}

/**
 * The unit a value is in. A count or rate is counted things; any other reading is in the metric's own unit, which
 * the SDKs do not send, so it is read from a Prometheus-style suffix of its name (`_seconds`, `_ms`, `_bytes`).
 */
export function unitOf(metricName: string, mode: AggregationMode, step: string): string {
  if (mode === 'rps') return '/s';
  if (mode === 'count') return ` per ${step}`;
  const name = metricName.toLowerCase();
  if (/(_seconds|_secs|_s)$/.test(name)) return ' s';
  if (/(_milliseconds|_ms)$/.test(name)) return ' ms';
  if (/_bytes$/.test(name)) return ' B';
  if (/(_percent|_pct)$/.test(name)) return ' %';
  return '';
}

/** A short description of what the chart shows, for screen readers and as the chart's caption. */
export function chartSummary(
  title: string,
  rows: ChartRow[],
  series: ChartSeries[],
  unit: string,
  threshold?: number,
): string {
  if (rows.length === 0) return `${title}: no data in this range`;
  const values = rows.flatMap((row) => series.map((s) => row[s.name]).filter((v) => v !== undefined));
  const peak = Math.max(...values);
  const last = rows.at(-1)!;
  const latest = series
    .map((s) => (last[s.name] === undefined ? undefined : `${s.label} ${format(last[s.name]!)}${unit}`))
    .filter(Boolean)
    .join('; ');
  const limit = threshold === undefined ? '' : `; threshold ${format(threshold)}${unit}`;
  return `${title}: ${series.length} series, highest ${format(peak)}${unit}, latest ${latest}${limit}`;
}

export const format = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString('en')
    : value.toLocaleString('en', { maximumFractionDigits: 3 });
