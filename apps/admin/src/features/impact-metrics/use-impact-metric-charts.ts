import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

export type SavedChartInput = RequestOf<'createImpactMetricsConfig'>;

const chartsKey = ['impact-metrics', 'charts'];

/** The charts saved on the impact-metrics page, and saving or deleting one (admins only; the server says so). */
export function useSavedCharts() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: chartsKey });
  return {
    charts: useQuery({
      queryKey: chartsKey,
      queryFn: async () => (await call('getImpactMetricsConfigs')).configs,
    }),
    save: useMutation({
      mutationFn: (body: SavedChartInput) => call('createImpactMetricsConfig', { body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call('deleteImpactMetricsConfig', { params: { id } }),
      onSettled,
    }),
  };
}
