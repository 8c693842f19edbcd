import { Alert, Button, Group, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { isNotFound, NotFound } from '../../ui/not-found.tsx';
import { ErrorState, Loading } from '../../ui/query-state.tsx';
import { useFlagActions } from './use-flag-actions.ts';
import { useArchivedFlag } from '../archive/use-archived-flags.ts';

/**
 * Shown where a flag cannot be loaded: the server hides archived flags from the project, so look in the archive
 * and offer to revive it; a flag in neither place is not found.
 */
export function ArchivedFlagNotice({
  projectId,
  projectName,
  flagName,
  error,
  canEdit,
}: {
  projectId: string;
  /** The project's name, to say where the flag was looked for. */
  projectName: string;
  flagName: string;
  error: Error;
  canEdit: boolean;
}) {
  const archived = useArchivedFlag(projectId, flagName);
  const { revive } = useFlagActions(projectId, flagName);
  if (archived.isPending) return <Loading label="the flag" />;
  if (!archived.data)
    return isNotFound(error) ? (
      <NotFound
        title="Flag not found"
        back={{ to: `/projects/${encodeURIComponent(projectId)}`, label: `Go to ${projectName}` }}
      >
        There is no flag named “{flagName}” in {projectName}, neither active nor archived.
      </NotFound>
    ) : (
      <ErrorState label="the flag" error={error} />
    );
  return (
    <Alert color="gray" title={flagName}>
      <Group justify="space-between">
        <Text size="sm">
          This flag is archived
          {archived.data.archivedAt ? ` since ${new Date(archived.data.archivedAt).toLocaleString()}` : ''}:
          SDKs no longer receive it. Revive it to see and change its configuration.
        </Text>
        {canEdit && (
          <Button
            loading={revive.isPending}
            onClick={() =>
              revive.mutate(undefined, {
                onSuccess: () => notifySuccess(`Revived ${flagName}`),
                onError: (e) => notifyError(e, 'revive the flag'),
              })
            }
          >
            Revive
          </Button>
        )}
      </Group>
    </Alert>
  );
}
