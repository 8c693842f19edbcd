import { LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { chartSummary, format, type ChartRow, type ChartSeries } from './impact-metric-series.ts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];

/** A line that marks the value a safeguard compares the metric with. */
export type Threshold = { value: number; label?: string };

type Props = {
  title: string;
  rows: ChartRow[];
  series: ChartSeries[];
  /** Appended to every value: `/s`, ` ms`, ` per 1m`. */
  unit: string;
  /** The width of a point, as the server names it (`1m`, `5m`, `1h`, `4h`): minutes or days on the time axis. */
  step: string;
  threshold?: Threshold;
  height?: number;
};

const timeOf = (step: string) => (ms: number) =>
  new Date(ms).toLocaleString(
    [],
    step === '1m' || step === '5m'
      ? { hour: '2-digit', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: '2-digit' },
  );

/** An impact metric over time: one line per label set, time across, the value and its unit up, a threshold line. */
export function ImpactMetricChart({ title, rows, series, unit, step, threshold, height = 240 }: Props) {
  const summary = chartSummary(title, rows, series, unit, threshold?.value);
  const time = timeOf(step);
  return (
    <Stack gap={4} component="figure" m={0} data-testid="impact-metric-chart">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          No data in this range yet. SDKs report impact metrics with their usage metrics, every 15 to 60
          seconds.
        </Text>
      ) : (
        <LineChart
          h={height}
          data={rows}
          dataKey="at"
          series={series.map((s, index) => ({ ...s, color: COLORS[index % COLORS.length]! }))}
          curveType="linear"
          connectNulls
          withDots={rows.length < 30}
          withLegend={series.length > 1}
          // The unit is in the axis label and the tooltip; the ticks stay short.
          valueFormatter={(value) => `${format(value)}${unit}`}
          yAxisProps={{ tickFormatter: (value: number) => format(value), width: 48 }}
          xAxisLabel="Time"
          yAxisLabel={unit.trim() ? `Value (${unit.trim()})` : 'Value'}
          xAxisProps={{ tickFormatter: time, minTickGap: 24 }}
          tooltipProps={{ labelFormatter: (label) => time(Number(label)) }}
          referenceLines={
            threshold
              ? [
                  {
                    y: threshold.value,
                    color: 'red.7',
                    label: threshold.label ?? `Threshold ${format(threshold.value)}${unit}`,
                    labelPosition: 'insideTopRight',
                    strokeDasharray: '6 4',
                    ifOverflow: 'extendDomain',
                  },
                ]
              : []
          }
        />
      )}
      <Text component="figcaption" size="xs" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}
