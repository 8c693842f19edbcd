import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ImpactMetricQuery } from '../../api/wire.ts';

/** Every metric the SDKs have reported, by series name, and the applications that reached the series limit. */
export function useImpactMetricsMetadata() {
  return useQuery({
    queryKey: ['impact-metrics', 'metadata'],
    queryFn: () => call('getImpactMetricsMetadata'),
    refetchInterval: 60_000,
  });
}

/** One metric over a range, refreshed every 15 seconds (the SDKs' shortest reporting interval). */
export function useImpactMetric(query: ImpactMetricQuery | undefined) {
  return useQuery({
    queryKey: ['impact-metrics', 'data', query],
    queryFn: () => call('getImpactMetrics', { query: query! }),
    enabled: query !== undefined,
    refetchInterval: 15_000,
  });
}
