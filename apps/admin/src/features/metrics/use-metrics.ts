import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Application } from '../../api/wire.ts';
import type { ApplicationDetails, HourlyCount } from '../../api/wire.ts';

/** Usage reports arrive every minute or so; the views refresh on that rhythm. */
const REFRESH_MS = 60_000;

export function useFlagUsage(flagName: string) {
  return useQuery({
    queryKey: ['flag-usage', flagName],
    refetchInterval: REFRESH_MS,
    queryFn: async () =>
      (await call<{ data: HourlyCount[] }>('getRawFeatureMetrics', { params: { name: flagName } })).data,
  });
}

export function useApplications() {
  return useQuery({
    queryKey: ['applications'],
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await call<{ applications: Application[] }>('getApplications')).applications,
  });
}

export function useApplication(appName: string) {
  return useQuery({
    queryKey: ['applications', appName],
    refetchInterval: REFRESH_MS,
    queryFn: () => call<ApplicationDetails>('getApplication', { params: { appName } }),
  });
}

export function useApplicationMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['applications'] });
  return {
    describe: useMutation({
      mutationFn: ({
        appName,
        ...body
      }: {
        appName: string;
        description: string | null;
        url: string | null;
      }) => call('createApplication', { params: { appName }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (appName: string) => call('deleteApplication', { params: { appName } }),
      onSettled,
    }),
  };
}
