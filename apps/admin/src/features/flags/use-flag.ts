import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Flag } from '../../api/wire.ts';

export const flagKey = (projectId: string, flagName: string) => ['flag', projectId, flagName] as const;

export function useFlag(projectId: string, flagName: string) {
  return useQuery({
    queryKey: flagKey(projectId, flagName),
    queryFn: () => call<Flag>('getFeature', { params: { projectId, featureName: flagName } }),
  });
}
