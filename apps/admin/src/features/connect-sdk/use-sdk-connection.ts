import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** How often the panel asks whether the SDK has reported; the server writes reports every METRICS_FLUSH_SECONDS. */
const POLL_MS = 2_000;

export type SdkConnection =
  | { state: 'waiting' }
  | { state: 'connected'; sdk: string; environment: string; lastSeen: string }
  | { state: 'error'; error: Error; retry: () => void };

/**
 * Whether an SDK has reported as `appName`: the server knows an application once an SDK registers or sends
 * metrics with that name. The list of applications is asked, not the application itself, so waiting is an
 * ordinary answer rather than a 404 every two seconds (which the browser's console would log as an error).
 */
export function useSdkConnection(appName: string, enabled: boolean): SdkConnection {
  const query = useQuery({
    queryKey: ['applications', appName, 'connection'],
    enabled: enabled && appName.length > 0,
    retry: false,
    queryFn: async () => {
      const { applications } = await call('getApplications');
      if (!applications.some((a) => a.appName === appName)) return null;
      return call('getApplication', { params: { appName } });
    },
    refetchInterval: (q) => (q.state.data?.instances.length ? false : POLL_MS),
  });
  if (query.error) return { state: 'error', error: query.error, retry: () => void query.refetch() };
  const instance = query.data?.instances.slice().sort((a, b) => b.lastSeen.localeCompare(a.lastSeen))[0];
  if (!instance) return { state: 'waiting' };
  return {
    state: 'connected',
    sdk: instance.sdkVersion ?? instance.sdkType,
    environment: instance.environment,
    lastSeen: instance.lastSeen,
  };
}

/** How many applications have reported using the project's flags. */
export function useProjectApplicationCount(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['projects', projectId, 'applications', 'count'],
    enabled,
    queryFn: async () => (await call('getProjectApplications', { params: { projectId } })).total,
  });
}
