import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Usage reports arrive every minute or so; the views refresh on that rhythm. */
const REFRESH_MS = 60_000;

export function useFlagUsage(flagName: string) {
  return useQuery({
    queryKey: ['flag-usage', flagName],
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await call('getRawFeatureMetrics', { params: { name: flagName } })).data,
  });
}

export function useApplications() {
  return useQuery({
    queryKey: ['applications'],
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await call('getApplications')).applications,
  });
}

export function useApplication(appName: string) {
  return useQuery({
    queryKey: ['applications', appName],
    refetchInterval: REFRESH_MS,
    queryFn: () => call('getApplication', { params: { appName } }),
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
