import type { Db } from '../../../db/db.ts';
import { readOutbound, type OutboundPolicy } from '../../automation/index.ts';
import { readGuardrailBreaches } from '../../experiments/index.ts';
import {
  FIVE_MINUTES,
  MODES_OF,
  RETENTION_SECONDS,
  parseSeriesName,
  pointValue,
  type ImpactPoint,
} from '../impact-metrics/impact-metric.ts';
import { createImpactMetricStore } from '../impact-metrics/impact-metric-store.ts';
import {
  aggregatePoints,
  type ExperimentGuardrailsSource,
  type ExternalMetricSource,
  type ImpactMetricSource,
} from './safeguard.ts';

/**
 * What a reading found: a value, none (no data in the window, which never triggers), or why it could not read; with
 * `detail`, what the value stands for in words (an experiment's breached guardrails).
 */
export type Reading = { value: number | null; detail?: string } | { error: string };

export type ExternalSourceDeps = { url: string | null; policy: OutboundPolicy; timeoutMs: number };

/** All the series' points of the window summed into one, as if one series had recorded everything. */
function merged(points: ImpactPoint[]): ImpactPoint | null {
  if (points.length === 0) return null;
  const total: ImpactPoint = { seriesId: 0, at: 0, reports: 0, valueSum: 0, count: 0, buckets: null };
  for (const point of points) {
    total.reports += point.reports;
    total.valueSum += point.valueSum;
    total.count += point.count;
    if (point.buckets) {
      total.buckets ??= {};
      for (const [le, n] of Object.entries(point.buckets)) total.buckets[le] = (total.buckets[le] ?? 0) + n;
    }
  }
  return total;
}

/**
 * An impact metric over the last `windowMinutes`: every matching series' samples (raw ones while they are kept, the
 * 5-minute roll-ups beyond) aggregated into one value, p99 over every observation of the window, say.
 */
export async function readImpactMetric(
  db: Db,
  metric: ImpactMetricSource,
  windowMinutes: number,
  now: Date,
): Promise<Reading> {
  const wanted = parseSeriesName(metric.metricName);
  const found = await createImpactMetricStore(db).series(
    wanted.name,
    wanted.type,
    metric.labelSelectors,
    1000,
  );
  if (found.length === 0) return { value: null };
  if (found.length > 1) return { error: `"${metric.metricName}" names more than one metric type` };
  const { type, series } = found[0]!;
  if (!MODES_OF[type].includes(metric.aggregationMode))
    return {
      error: `a ${type} is aggregated by ${MODES_OF[type].join(', ')}, not "${metric.aggregationMode}"`,
    };
  const seconds = windowMinutes * 60;
  // One step as long as the window, from its start: at most two steps come back (the window straddles a boundary).
  const points = await createImpactMetricStore(db).points(
    series.map((s) => s.id),
    {
      from: new Date(now.getTime() - seconds * 1000),
      to: now,
      step: seconds,
      resolution: seconds > RETENTION_SECONDS.raw - 600 ? FIVE_MINUTES : null,
    },
  );
  const total = merged(points);
  if (!total) return { value: null };
  const perSeries = type === 'gauge' ? 'avg' : metric.aggregationMode;
  let value = pointValue(perSeries, total, seconds);
  // A gauge's sum is what all its series hold together: their average times how many reported.
  if (value !== null && type === 'gauge' && metric.aggregationMode === 'sum')
    value *= new Set(points.map((p) => p.seriesId)).size;
  return { value };
}

type PromAnswer = {
  status?: string;
  error?: string;
  data?: { resultType?: string; result?: { metric?: object; values?: [number, string][] }[] };
};

/**
 * A PromQL expression over the last `windowMinutes`, asked of the external source with `GET /api/v1/query_range`
 * (about 60 steps, at least 15 s apart). Each series' points become one value by the aggregation; with several series
 * the one furthest past the threshold's side counts (any series crossing it is enough).
 */
export async function readExternalMetric(
  source: ExternalSourceDeps,
  metric: ExternalMetricSource,
  windowMinutes: number,
  operator: '>' | '<',
  now: Date,
): Promise<Reading> {
  if (!source.url) return { error: 'no external metric source is configured' };
  const end = now.getTime() / 1000;
  const start = end - windowMinutes * 60;
  const step = Math.max(15, Math.ceil((windowMinutes * 60) / 60));
  const url = new URL('api/v1/query_range', source.url.endsWith('/') ? source.url : `${source.url}/`);
  url.searchParams.set('query', metric.query);
  url.searchParams.set('start', String(start));
  url.searchParams.set('end', String(end));
  url.searchParams.set('step', `${step}s`);
  const answer = await readOutbound(source.policy, url.toString(), source.timeoutMs);
  if (!answer.ok) return { error: `the external source could not be read: ${answer.reason}` };
  let parsed: PromAnswer;
  try {
    parsed = JSON.parse(answer.body) as PromAnswer;
  } catch {
    return { error: `the external source answered ${answer.status} with something other than JSON` };
  }
  if (answer.status !== 200 || parsed.status !== 'success')
    return {
      error: `the external source answered ${answer.status}: ${parsed.error ?? parsed.status ?? 'no status'}`,
    };
  if (parsed.data?.resultType !== 'matrix' || !Array.isArray(parsed.data.result))
    return { error: 'the external source did not answer a range vector (resultType "matrix")' };
  const values: number[] = [];
  for (const series of parsed.data.result) {
    const numbers = (series.values ?? []).map(([, v]) => Number(v)).filter((v) => Number.isFinite(v));
    const value = aggregatePoints(metric.aggregationMode, numbers);
    if (value !== null) values.push(value);
  }
  if (values.length === 0) return { value: null };
  return { value: operator === '>' ? Math.max(...values) : Math.min(...values) };
}

/**
 * How many guardrails the experiment breaches now (its results' verdict), with the breaches in words. A stopped or
 * draft experiment reads as no data, so it never triggers; a deleted one cannot be read.
 */
export async function readExperimentGuardrails(db: Db, metric: ExperimentGuardrailsSource): Promise<Reading> {
  const reading = await readGuardrailBreaches(db, metric.experimentId);
  if (!reading) return { error: `experiment #${metric.experimentId} no longer exists` };
  if (reading.experiment.status !== 'running') return { value: null };
  return { value: reading.breaches.length, detail: reading.breaches.join('; ') || undefined };
}
