import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { SavedImpactMetricChart } from '../../api/wire.ts';
import { MODE_LABELS, RANGE_LABELS, type AggregationMode, type TimeRange } from './impact-metric-series.ts';

type Props = {
  charts: SavedImpactMetricChart[];
  onShow: (chart: SavedImpactMetricChart) => void;
  onDelete: (chart: SavedImpactMetricChart) => void;
};

/** The charts saved on the page: each can be shown in the panel again, or deleted. */
export function SavedImpactMetricCharts({ charts, onShow, onDelete }: Props) {
  if (charts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Saved charts</Title>
      {charts.map((chart) => (
        <Group key={chart.id} justify="space-between">
          <Text size="sm">
            {chart.title ?? chart.displayName} · {MODE_LABELS[chart.aggregationMode as AggregationMode]} ·{' '}
            {RANGE_LABELS[chart.timeRange as TimeRange]}
            {chart.labelSelectors.environment?.length
              ? ` · ${chart.labelSelectors.environment.join(', ')}`
              : ''}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onShow(chart)}>
              Show
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(chart)}>
              Delete
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
