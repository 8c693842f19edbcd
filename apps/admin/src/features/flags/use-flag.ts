import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const flagKey = (projectId: string, flagName: string) => ['flag', projectId, flagName] as const;

export function useFlag(projectId: string, flagName: string) {
  return useQuery({
    queryKey: flagKey(projectId, flagName),
    queryFn: () => call('getFeature', { params: { projectId, featureName: flagName } }),
  });
}
