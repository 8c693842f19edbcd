import { Alert } from '@mantine/core';
import { useArchiveCheck } from './use-archive-check.ts';

/**
 * Inside the archive confirmation: says which chosen flags other flags still depend on, before the archive fails.
 */
export function ArchiveDependencyWarning({ projectId, flags }: { projectId: string; flags: string[] }) {
  const check = useArchiveCheck(projectId, flags);
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
