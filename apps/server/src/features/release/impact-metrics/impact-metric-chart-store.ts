import type { Db } from '../../../db/db.ts';
import type { AggregationMode, TimeRange } from './impact-metric.ts';
import type { ChartQuery, ImpactMetricChart, YAxisMin } from './impact-metric-chart.ts';

type ImpactMetricChartRow = {
  id: string;
  flag_name: string | null;
  project_id: string | null;
  title: string | null;
  metric_name: string;
  time_range: string;
  aggregation_mode: string;
  y_axis_min: string;
  label_selectors: Record<string, string[]>;
  created_at: Date;
  updated_at: Date;
};

const toChart = (row: ImpactMetricChartRow): ImpactMetricChart => ({
  id: row.id,
  flagName: row.flag_name,
  project: row.project_id,
  title: row.title,
  metricName: row.metric_name,
  timeRange: row.time_range as TimeRange,
  aggregationMode: row.aggregation_mode as AggregationMode,
  yAxisMin: row.y_axis_min as YAxisMin,
  labelSelectors: row.label_selectors,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const SELECT = `SELECT c.*, f.project_id FROM impact_metric_charts c LEFT JOIN flags f ON f.name = c.flag_name`;

/** Saved impact-metric charts; a flag's charts are keyed by the flag's name and go with it. */
export function createImpactMetricChartStore(db: Db) {
  return {
    /** The charts of a flag, or with `null` those of the impact-metrics page, oldest first. */
    async list(flagName: string | null): Promise<ImpactMetricChart[]> {
      const rows = await db.query<ImpactMetricChartRow>(
        `${SELECT} WHERE c.flag_name IS NOT DISTINCT FROM $1 ORDER BY c.created_at, c.id`,
        [flagName],
      );
      return rows.map(toChart);
    },
    async get(id: string): Promise<ImpactMetricChart | undefined> {
      const [row] = await db.query<ImpactMetricChartRow>(`${SELECT} WHERE c.id = $1`, [id]);
      return row && toChart(row);
    },
    async count(flagName: string | null): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM impact_metric_charts WHERE flag_name IS NOT DISTINCT FROM $1',
        [flagName],
      );
      return row?.n ?? 0;
    },
    async insert(id: string, flagName: string | null, query: ChartQuery): Promise<void> {
      await db.query(
        `INSERT INTO impact_metric_charts
           (id, flag_name, title, metric_name, time_range, aggregation_mode, y_axis_min, label_selectors)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          flagName,
          query.title,
          query.metricName,
          query.timeRange,
          query.aggregationMode,
          query.yAxisMin,
          JSON.stringify(query.labelSelectors),
        ],
      );
    },
    async update(id: string, query: ChartQuery): Promise<void> {
      await db.query(
        `UPDATE impact_metric_charts SET title = $2, metric_name = $3, time_range = $4, aggregation_mode = $5,
           y_axis_min = $6, label_selectors = $7, updated_at = now()
         WHERE id = $1`,
        [
          id,
          query.title,
          query.metricName,
          query.timeRange,
          query.aggregationMode,
          query.yAxisMin,
          JSON.stringify(query.labelSelectors),
        ],
      );
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM impact_metric_charts WHERE id = $1', [id]);
    },
  };
}
