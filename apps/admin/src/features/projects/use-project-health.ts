import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The project's health figures (health, active, potentially stale and stale counts). */
export function useProjectHealthReport(projectId: string) {
  return useQuery({
    queryKey: ['projects', projectId, 'health-report'],
    queryFn: () => call('getProjectHealthReport', { params: { projectId } }),
  });
}

/** The first flags of the project that are stale or potentially stale: the ones to clean up. */
export function useProjectCleanupFlags(projectId: string, limit = 20) {
  return useQuery({
    queryKey: ['flags', 'search', projectId, 'cleanup'],
    queryFn: () =>
      call('searchFeatures', {
        query: {
          project: `IS:${projectId}`,
          limit: String(limit),
          sortBy: 'name',
          state: 'IS_ANY_OF:stale,potentially-stale',
        },
      }),
  });
}

/** How many of the project's flags are in each lifecycle stage, counted by the server. */
export function useProjectStatus(projectId: string) {
  return useQuery({
    queryKey: ['projects', projectId, 'status'],
    queryFn: () => call('getProjectStatus', { params: { projectId } }),
  });
}

/** The project's activity and lead time over the last weeks. */
export function useProjectInsights(projectId: string) {
  return useQuery({
    queryKey: ['projects', projectId, 'insights'],
    queryFn: () => call('getProjectInsights', { params: { projectId } }),
  });
}
