import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ImpactMetricPanel } from '../impact-metrics/impact-metric-panel.tsx';
import type { Safeguard } from './release-plan-model.ts';

const triggered = (safeguard: Safeguard) =>
  safeguard.triggeredAt !== undefined || /trigger/i.test(safeguard.status ?? '');

/** "p95 of checkout_latency over the last hour > 0.8": what a safeguard watches, in one line. */
export function describeSafeguard(safeguard: Safeguard): string {
  const metric = safeguard.metricName ?? 'a metric';
  const reading = safeguard.aggregationMode ? `${safeguard.aggregationMode} of ${metric}` : metric;
  const window = safeguard.timeRange ? ` over the last ${safeguard.timeRange}` : '';
  const condition =
    safeguard.operator && safeguard.threshold !== undefined
      ? ` ${safeguard.operator} ${safeguard.threshold}`
      : '';
  return `${reading}${window}${condition}`;
}

/** A release plan's safeguards: what each watches, whether it has stopped the rollout, and the metric's chart. */
export function SafeguardStatus({ safeguards, flagName }: { safeguards: Safeguard[]; flagName: string }) {
  return (
    <Stack gap="xs" component="section" aria-label="Safeguards">
      <Text fw={600} size="sm">
        Safeguards
      </Text>
      {safeguards.map((safeguard) => (
        <Paper key={safeguard.id} withBorder p="xs">
          <Stack gap={4}>
            <Group gap="xs">
              <Badge color={triggered(safeguard) ? 'red' : 'green'} variant="light">
                {triggered(safeguard) ? 'Triggered' : (safeguard.status ?? 'Watching')}
              </Badge>
              <Text size="sm">{describeSafeguard(safeguard)}</Text>
            </Group>
            {(safeguard.reason || safeguard.triggeredAt) && (
              <Text size="sm" c="red.8">
                {safeguard.reason ?? 'Stopped the rollout'}
                {safeguard.triggeredAt && ` · ${safeguard.triggeredAt.toLocaleString()}`}
              </Text>
            )}
            {safeguard.metricName && (
              <ImpactMetricPanel
                flagName={flagName}
                initialMetric={safeguard.metricName}
                initialMode={safeguard.aggregationMode}
                initialRange={safeguard.timeRange}
                threshold={safeguard.threshold === undefined ? undefined : { value: safeguard.threshold }}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
