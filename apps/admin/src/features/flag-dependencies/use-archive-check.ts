import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/**
 * Which of the chosen flags other flags still depend on. The project-wide check comes first, so projects without
 * dependencies cost one small request.
 */
export function useArchiveCheck(projectId: string, flags: string[]) {
  const any = useQuery({
    queryKey: ['projects', projectId, 'dependencies-exist'],
    queryFn: () => call('checkDependenciesExist', { params: { projectId } }),
  });
  return useQuery({
    queryKey: ['projects', projectId, 'archive-check', flags],
    enabled: any.data === true && flags.length > 0,
    queryFn: () => call('validateArchiveFeatures', { params: { projectId }, body: { features: flags } }),
  });
}
