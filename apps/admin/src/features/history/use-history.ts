import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

/** A flag's recorded changes in one environment, newest first. */
export function useFlagTimeline(projectId: string, flagName: string, environment: string) {
  return useQuery({
    queryKey: ['flag-timeline', projectId, flagName, environment],
    queryFn: () =>
      call('getFlagTimeline', {
        params: { projectId, featureName: flagName, environment },
        query: { limit: 50 },
      }),
    enabled: environment !== '',
  });
}

/** Puts the flag in an environment back to how it was served at an instant (or drafts it, where reviewed). */
export function useRestoreFlag(projectId: string, flagName: string, environment: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (at: string) =>
      call('restoreFlagEnvironment', {
        params: { projectId, featureName: flagName, environment },
        body: { at },
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Which flags differ between two instants, and who gained or lost what. */
export function useCompareInstants() {
  return useMutation({
    mutationFn: (body: RequestOf<'compareInstants'>) => call('compareInstants', { body }),
  });
}

/** What SDKs were served in an environment at an instant (nothing is asked while `at` is undefined). */
export function useStateAt(environment: string, at: string | undefined) {
  return useQuery({
    queryKey: ['history-state', environment, at],
    queryFn: () => call('getStateAt', { query: { environment, at: at! } }),
    enabled: environment !== '' && at !== undefined,
    staleTime: Infinity, // an instant of the past never changes
  });
}
