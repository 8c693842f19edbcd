import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Tag } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useChangeWriter, type Written } from '../change-requests/use-change-writer.ts';

export type BulkAction =
  | { kind: 'enable' | 'disable'; environment: string }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'archive' }
  | { kind: 'tag'; tags: Tag[] };

function describeAction(action: BulkAction, count: number): string {
  const flags = `${count} flag${count === 1 ? '' : 's'}`;
  switch (action.kind) {
    case 'enable':
      return `Turned on ${flags} in ${action.environment}`;
    case 'disable':
      return `Turned off ${flags} in ${action.environment}`;
    case 'stale':
      return action.stale ? `Marked ${flags} stale` : `Marked ${flags} active`;
    case 'archive':
      return `Archived ${flags}`;
    case 'tag':
      return `Tagged ${flags}`;
  }
}

/**
 * The actions of the flag table's selection bar, each one request to the project's bulk endpoints; switches and
 * archiving are drafted, one change per flag, where change requests are on.
 */
export function useBulkAction(projectId: string) {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  return useMutation({
    mutationFn: async ({
      action,
      features,
    }: {
      action: BulkAction;
      features: string[];
    }): Promise<Written> => {
      const params = { projectId };
      switch (action.kind) {
        case 'enable':
        case 'disable':
          return write({
            project: projectId,
            environment: action.environment,
            changes: features.map((feature) => ({
              feature,
              action: 'updateEnabled' as const,
              payload: { enabled: action.kind === 'enable' },
            })),
            direct: () =>
              call(
                action.kind === 'enable'
                  ? 'bulkToggleFeaturesEnvironmentOn'
                  : 'bulkToggleFeaturesEnvironmentOff',
                { params: { projectId, environment: action.environment }, body: { features } },
              ),
          });
        case 'stale':
          await call('staleFeatures', { params, body: { features, stale: action.stale } });
          return 'written';
        case 'archive':
          return write({
            project: projectId,
            changes: features.map((feature) => ({ feature, action: 'archiveFeature' as const })),
            direct: () => call('archiveFeatures', { params, body: { features } }),
          });
        case 'tag':
          await call('addTagToFeatures', {
            params,
            body: { features, tags: { addedTags: action.tags, removedTags: [] } },
          });
          return 'written';
      }
    },
    onSuccess: (written, { action, features }) => {
      if (written === 'written') notifySuccess(describeAction(action, features.length));
    },
    onError: (error) => notifyError(error, 'change the selected flags'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['flags'] }),
  });
}
