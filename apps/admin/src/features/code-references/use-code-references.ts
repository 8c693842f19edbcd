import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Where a flag is named in code, from the latest upload of every repository and branch. */
export function useCodeReferences(projectId: string, flagName: string) {
  return useQuery({
    queryKey: ['code-references', projectId, flagName],
    queryFn: async ({ signal }) =>
      (await call('getCodeReferences', { params: { projectId, featureName: flagName }, signal })).references,
  });
}

/** The project's flags that are done, unused by SDKs for `unusedDays` and named in no code. */
export function useSafeToArchive(projectId: string, unusedDays: number) {
  return useQuery({
    queryKey: ['safe-to-archive', projectId, unusedDays],
    queryFn: ({ signal }) =>
      call('getSafeToArchive', { params: { projectId }, query: { unusedDays }, signal }),
  });
}
