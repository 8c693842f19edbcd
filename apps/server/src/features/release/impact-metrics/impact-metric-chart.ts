import type { AggregationMode, TimeRange } from './impact-metric.ts';

/** Where a y axis starts: at the lowest value shown, or at zero. */
export type YAxisMin = 'auto' | 'zero';
export const Y_AXIS_MINS: readonly YAxisMin[] = ['auto', 'zero'];

/** How many charts one flag, or the impact-metrics page, may keep: Unleash's page offers no more per flag. */
export const MAX_CHARTS_PER_FLAG = 20;
export const MAX_INSTANCE_CHARTS = 100;

/** What a chart shows: one metric's query, as the impact-metrics read takes it, and how to draw it. */
export type ChartQuery = {
  title: string | null;
  metricName: string;
  timeRange: TimeRange;
  aggregationMode: AggregationMode;
  yAxisMin: YAxisMin;
  labelSelectors: Record<string, string[]>;
};

/** A saved chart: of the impact-metrics page (no flag), or of a flag's page. */
export type ImpactMetricChart = ChartQuery & {
  id: string;
  flagName: string | null;
  /** The flag's project, for a flag's chart. */
  project: string | null;
  createdAt: Date;
  updatedAt: Date;
};
