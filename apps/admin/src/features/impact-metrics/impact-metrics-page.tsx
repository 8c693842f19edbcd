import { Alert, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header.tsx';
import { ImpactMetricPanel } from './impact-metric-panel.tsx';
import { useImpactMetricsMetadata } from './use-impact-metrics.ts';

/** What the applications measure (errors, latency, queue length…), as the SDKs report it, over time. */
export function ImpactMetricsPage() {
  const metadata = useImpactMetricsMetadata();
  const warnings = metadata.data?.warnings ?? [];
  return (
    <>
      <PageHeader
        title="Impact metrics"
        description="Counters, gauges and histograms your applications define with the Unleash SDKs, labelled with the flags they were recorded under. A safeguard can watch one while a release plan rolls out."
      />
      <Stack>
        {warnings.map((warning) => (
          <Alert key={warning.appName} color="orange" title={`${warning.appName} reached the series limit`}>
            <Text size="sm">
              {warning.message} {warning.droppedSamples.toLocaleString()} samples dropped, the last at{' '}
              {new Date(warning.lastDroppedAt).toLocaleString()}. An application may have{' '}
              {metadata.data?.maxSeriesPerApp.toLocaleString()} series.
            </Text>
          </Alert>
        ))}
        <Paper withBorder p="md">
          <ImpactMetricPanel />
        </Paper>
      </Stack>
    </>
  );
}
