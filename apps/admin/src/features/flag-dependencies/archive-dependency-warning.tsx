import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/**
 * Inside the archive confirmation: says which chosen flags other flags still depend on, before the archive fails.
 * The project-wide check comes first, so projects without dependencies cost one small request.
 */
export function ArchiveDependencyWarning({ projectId, flags }: { projectId: string; flags: string[] }) {
  const any = useQuery({
    queryKey: ['projects', projectId, 'dependencies-exist'],
    queryFn: () => call('checkDependenciesExist', { params: { projectId } }),
  });
  const check = useQuery({
    queryKey: ['projects', projectId, 'archive-check', flags],
    enabled: any.data === true && flags.length > 0,
    queryFn: () => call('validateArchiveFeatures', { params: { projectId }, body: { features: flags } }),
  });
  const result = check.data;
  if (!result) return null;
  if (result.parentsWithChildFeatures.length > 0)
    return (
      <Alert color="red" mt="xs">
        Other flags depend on {result.parentsWithChildFeatures.join(', ')}; archive those flags too, or remove
        their dependencies first.
      </Alert>
    );
  if (result.hasDeletedDependencies)
    return (
      <Alert color="yellow" mt="xs">
        Dependencies among the chosen flags are removed when they are archived.
      </Alert>
    );
  return null;
}
