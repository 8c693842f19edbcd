import type { Db } from '../../../db/db.ts';
import type { ImpactMetricsPort } from '../../sdk-serving/index.ts';
import {
  MODES_OF,
  RANGES,
  parseSeriesName,
  pointValue,
  seriesName,
  storedLabels,
  type AggregationMode,
  type ImpactMetricType,
  type ImpactSample,
  type TimeRange,
} from './impact-metric.ts';
import { createImpactMetricStore } from './impact-metric-store.ts';

/** Series an application may have; samples of further series are dropped, with a warning. */
export const DEFAULT_MAX_SERIES_PER_APP = 1_000;
/** Series one query answers with at most. */
export const MAX_SERIES_PER_QUERY = 100;
/** A process logs an application's dropped samples at most this often. */
const WARN_EVERY_MS = 60_000;

export class ImpactQueryProblem extends Error {
  constructor(
    readonly field: 'metricName' | 'aggregationMode' | 'labels',
    message: string,
  ) {
    super(message);
  }
}

export type ImpactQuery = {
  metricName: string;
  range: TimeRange;
  aggregationMode?: AggregationMode;
  labels: Record<string, string[]>;
};

export type ImpactQueryResult = {
  start: Date;
  end: Date;
  step: string;
  series: { metric: Record<string, string>; data: [number, string][] }[];
  labels: Record<string, string[]>;
  truncated: boolean;
};

/** The samples of one report, labelled as stored. */
export function samplesOf(report: Parameters<ImpactMetricsPort['record']>[0]): ImpactSample[] {
  const samples: ImpactSample[] = [];
  for (const metric of report.metrics) {
    const help = metric.help ?? '';
    for (const sample of metric.samples) {
      const labels = storedLabels(sample.labels, report);
      const base = { appName: labels.appName!, name: metric.name, type: metric.type, help, labels };
      if ('buckets' in sample) {
        const buckets: Record<string, number> = {};
        for (const bucket of sample.buckets) buckets[String(bucket.le)] = bucket.count;
        // An empty histogram (the SDK sends one each interval) says nothing.
        if (sample.count === 0) continue;
        samples.push({ ...base, value: sample.sum, count: sample.count, buckets });
      } else {
        // A counter that did not move, and the SDK's placeholder sample without labels, say nothing either.
        if (metric.type === 'counter' && !(sample.value > 0)) continue;
        samples.push({ ...base, value: sample.value, count: null, buckets: null });
      }
    }
  }
  return samples;
}

export function createImpactMetricService(deps: {
  db: Db;
  maxSeriesPerApp?: number;
  now?: () => Date;
  warn?: (message: string) => void;
}) {
  const store = createImpactMetricStore(deps.db);
  const now = deps.now ?? (() => new Date());
  const maxSeries = deps.maxSeriesPerApp ?? DEFAULT_MAX_SERIES_PER_APP;
  const warnedAt = new Map<string, number>();

  const record: ImpactMetricsPort['record'] = async (report) => {
    const at = now();
    const dropped = await store.insert(samplesOf(report), at, maxSeries);
    for (const [appName, n] of dropped) {
      const last = warnedAt.get(appName);
      if (last !== undefined && at.getTime() - last < WARN_EVERY_MS) continue;
      warnedAt.set(appName, at.getTime());
      deps.warn?.(
        `impact metrics: application "${appName}" reached its limit of ${maxSeries} series; ${n} samples of new series were dropped`,
      );
    }
  };

  return {
    record,

    async metadata() {
      const series: Record<string, { type: ImpactMetricType; help: string; displayName: string }> = {};
      for (const metric of await store.metrics())
        series[seriesName(metric.type, metric.name)] = {
          type: metric.type,
          help: metric.help,
          displayName: metric.name,
        };
      const since = new Date(now().getTime() - 86_400_000);
      const warnings = (await store.limitsReached(since)).map((limit) => ({
        ...limit,
        message: `Application "${limit.appName}" reached the limit of ${maxSeries} impact-metric series: samples of new series are dropped (${limit.droppedSamples} so far).`,
      }));
      return { series, warnings, maxSeriesPerApp: maxSeries };
    },

    /**
     * One metric over a range. `hidden` are the projects the caller may not see: labels named after their flags are
     * left out of the answer, and selecting by one matches nothing, as for a label no series has.
     */
    async query(query: ImpactQuery, hidden: string[] = []): Promise<ImpactQueryResult> {
      const wanted = parseSeriesName(query.metricName);
      const unseen = await store.flagNamesIn(hidden);
      const visible = <T>(labels: Record<string, T>): Record<string, T> =>
        unseen.size === 0
          ? labels
          : Object.fromEntries(Object.entries(labels).filter(([key]) => !unseen.has(key)));
      const selectsUnseen = Object.keys(query.labels).some((key) => unseen.has(key));
      const found = selectsUnseen
        ? []
        : await store.series(wanted.name, wanted.type, query.labels, MAX_SERIES_PER_QUERY);
      const range = RANGES[query.range];
      const end = now();
      const start = new Date(end.getTime() - range.seconds * 1000);
      // A metric no SDK has reported (yet) has no points, as in Prometheus: not an error.
      if (found.length === 0)
        return { start, end, step: range.label, series: [], labels: {}, truncated: false };
      if (found.length > 1)
        throw new ImpactQueryProblem(
          'metricName',
          `"${query.metricName}" names a ${found.map((f) => f.type).join(' and a ')}: ask for one, such as "${seriesName(found[0]!.type, wanted.name)}"`,
        );
      const { type, series } = found[0]!;
      const mode = query.aggregationMode ?? MODES_OF[type][0]!;
      if (!MODES_OF[type].includes(mode))
        throw new ImpactQueryProblem(
          'aggregationMode',
          `a ${type} is aggregated by ${MODES_OF[type].join(', ')}, not "${mode}"`,
        );
      const shown = series.slice(0, MAX_SERIES_PER_QUERY);
      const points = await store.points(
        shown.map((s) => s.id),
        { from: start, to: end, step: range.step, resolution: range.resolution },
      );
      const bySeries = new Map<number, [number, number][]>();
      // A gauge's sum adds up each label set's average (below), so each series is averaged first.
      const perSeries = type === 'gauge' && mode === 'sum' ? 'avg' : mode;
      for (const point of points) {
        const value = pointValue(perSeries, point, range.step);
        if (value === null) continue;
        let data = bySeries.get(point.seriesId);
        if (!data) bySeries.set(point.seriesId, (data = []));
        data.push([point.at, value]);
      }
      const asText = (data: [number, number][]) => data.map(([at, v]) => [at, String(v)] as [number, string]);
      let answered = shown
        .filter((s) => bySeries.has(s.id))
        .map((s) => ({ metric: visible(s.labels), data: asText(bySeries.get(s.id)!) }));
      if (type === 'gauge' && mode === 'sum') {
        // A gauge's sum adds up the label sets' averages: what all instances hold together.
        const totals = new Map<number, number>();
        for (const data of bySeries.values())
          for (const [at, v] of data) totals.set(at, (totals.get(at) ?? 0) + v);
        answered = [{ metric: {}, data: asText([...totals].sort((a, b) => a[0] - b[0])) }];
      }
      return {
        start,
        end,
        step: range.label,
        series: answered,
        labels: visible(await store.labelValues(wanted.name, type)),
        truncated: series.length > MAX_SERIES_PER_QUERY,
      };
    },
  };
}

export type ImpactMetricService = ReturnType<typeof createImpactMetricService>;
