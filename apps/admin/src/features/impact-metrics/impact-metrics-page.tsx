import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SavedImpactMetricChart } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ImpactMetricPanel } from './impact-metric-panel.tsx';
import { SavedImpactMetricCharts } from './saved-impact-metric-charts.tsx';
import { useImpactMetricsMetadata } from './use-impact-metrics.ts';
import { useSavedCharts } from './use-impact-metric-charts.ts';

/** What the applications measure (errors, latency, queue length…), as the SDKs report it, over time. */
export function ImpactMetricsPage() {
  const metadata = useImpactMetricsMetadata();
  const warnings = metadata.data?.warnings ?? [];
  const { charts, save, remove } = useSavedCharts();
  // A saved chart shown again: the panel starts over from its query.
  const [shown, setShown] = useState<SavedImpactMetricChart | undefined>();
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
          <ImpactMetricPanel
            key={shown?.id ?? 'new'}
            initialMetric={shown?.metricName}
            initialMode={shown?.aggregationMode}
            initialRange={shown?.timeRange}
            initialEnvironment={shown?.labelSelectors.environment?.[0]}
            saving={save.isPending}
            onSave={(chart) =>
              save.mutate(chart, {
                onSuccess: () => notifySuccess('Chart saved'),
                onError: (error) => notifyError(error, 'save the chart'),
              })
            }
          />
        </Paper>
        <SavedImpactMetricCharts
          charts={charts.data ?? []}
          onShow={setShown}
          onDelete={(chart) =>
            remove.mutate(chart.id, { onError: (error) => notifyError(error, 'delete the chart') })
          }
        />
      </Stack>
    </>
  );
}
