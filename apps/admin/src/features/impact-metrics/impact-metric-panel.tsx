import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, Loading } from '../../ui/query-state.tsx';
import { ImpactMetricChart, type Threshold } from './impact-metric-chart.tsx';
import {
  MODE_LABELS,
  MODES_OF,
  RANGE_LABELS,
  toChart,
  unitOf,
  type AggregationMode,
  type TimeRange,
} from './impact-metric-series.ts';
import { useImpactMetric, useImpactMetricsMetadata } from './use-impact-metrics.ts';
import type { SavedChartInput } from './use-impact-metric-charts.ts';

type Props = {
  /** Only series with this flag's label (what an SDK adds when a flag context is given). */
  flagName?: string;
  /** The metric to start with, by series name (`unleash_counter_checkout_errors`). */
  initialMetric?: string;
  initialMode?: string;
  initialRange?: string;
  initialEnvironment?: string;
  threshold?: Threshold;
  /** Offers "Save chart", which hands over the query shown. */
  onSave?: (chart: SavedChartInput) => void;
  saving?: boolean;
};

const ALL = '';

/** Pick an impact metric, a range, a reading and an environment, and see it over time. */
export function ImpactMetricPanel({
  flagName,
  initialMetric,
  initialMode,
  initialRange,
  initialEnvironment,
  threshold,
  onSave,
  saving,
}: Props) {
  const metadata = useImpactMetricsMetadata();
  const [chosen, setChosen] = useState<string | null>(initialMetric ?? null);
  const [range, setRange] = useState<TimeRange>(
    initialRange && initialRange in RANGE_LABELS ? (initialRange as TimeRange) : 'hour',
  );
  const [mode, setMode] = useState<AggregationMode | null>((initialMode as AggregationMode) ?? null);
  const [environment, setEnvironment] = useState(initialEnvironment ?? ALL);
  // Without a safeguard's threshold, one can be drawn to see where a safeguard would act.
  const [line, setLine] = useState<number | ''>('');
  const metrics = metadata.data?.series ?? {};
  const names = Object.keys(metrics).sort();
  // A safeguard may name the metric as the SDK defined it, without the series prefix.
  const metricName =
    (chosen && (metrics[chosen] ? chosen : names.find((n) => metrics[n]!.displayName === chosen))) ||
    names[0];
  const type = metricName ? metrics[metricName]?.type : undefined;
  const modes = type ? MODES_OF[type] : [];
  const reading = mode && modes.includes(mode) ? mode : modes[0];
  const labels: Record<string, string[]> = {};
  if (flagName) labels[flagName] = ['enabled', 'disabled'];
  if (environment) labels.environment = [environment];
  const data = useImpactMetric(
    metricName && reading
      ? { metricName, range, aggregationMode: reading, labels: JSON.stringify(labels) }
      : undefined,
  );

  if (metadata.isPending) return <Loading label="impact metrics" />;
  if (metadata.error)
    return <ErrorState label="impact metrics" error={metadata.error} retry={() => metadata.refetch()} />;
  if (!metricName || !reading)
    return (
      <EmptyState>
        No impact metrics yet. An SDK sends them once the application defines a counter, gauge or histogram
        and records a value.
      </EmptyState>
    );
  const environments = data.data?.labels.environment ?? [];
  const chart = data.data ? toChart(data.data) : undefined;
  const title = `${metrics[metricName]?.displayName ?? metricName} · ${MODE_LABELS[reading]}`;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Impact metric"
          data={names.map((name) => ({
            value: name,
            label: `${metrics[name]!.displayName} (${metrics[name]!.type})`,
          }))}
          value={metricName}
          allowDeselect={false}
          searchable
          onChange={(value) => value && setChosen(value)}
          w={280}
        />
        <Select
          label="Reading"
          data={modes.map((value) => ({ value, label: MODE_LABELS[value] }))}
          value={reading}
          allowDeselect={false}
          onChange={(value) => value && setMode(value as AggregationMode)}
          w={220}
        />
        <Select
          label="Range"
          data={Object.entries(RANGE_LABELS).map(([value, label]) => ({ value, label }))}
          value={range}
          allowDeselect={false}
          onChange={(value) => value && setRange(value as TimeRange)}
          w={160}
        />
        <Select
          label="Environment"
          data={[
            { value: ALL, label: 'All environments' },
            ...environments.map((e) => ({ value: e, label: e })),
          ]}
          value={environment}
          allowDeselect={false}
          onChange={(value) => setEnvironment(value ?? ALL)}
          w={200}
        />
        {!threshold && (
          <NumberInput
            label="Threshold line"
            placeholder="None"
            value={line}
            onChange={(value) => setLine(typeof value === 'number' ? value : '')}
            w={160}
          />
        )}
        {onSave && (
          <Button
            variant="default"
            loading={saving}
            onClick={() =>
              onSave({
                metricName,
                timeRange: range,
                aggregationMode: reading,
                labelSelectors: environment ? { environment: [environment] } : {},
              })
            }
          >
            Save chart
          </Button>
        )}
      </Group>
      {metrics[metricName]?.help && (
        <Text size="sm" c="dimmed" mt={-8}>
          {metrics[metricName].help}
        </Text>
      )}
      {data.error ? (
        <ErrorState label="the impact metric" error={data.error} retry={() => data.refetch()} />
      ) : !chart || !data.data ? (
        <Loading label="the impact metric" />
      ) : (
        <ImpactMetricChart
          title={title}
          rows={chart.rows}
          series={chart.series}
          unit={unitOf(metricName, reading, data.data.step)}
          step={data.data.step}
          threshold={threshold ?? (line === '' ? undefined : { value: line })}
        />
      )}
    </Stack>
  );
}
