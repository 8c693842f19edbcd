import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Tag } from '../../api/types.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

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

/** The actions of the flag table's selection bar, each one request to the project's bulk endpoints. */
export function useBulkAction(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, features }: { action: BulkAction; features: string[] }) => {
      const params = { projectId };
      switch (action.kind) {
        case 'enable':
        case 'disable':
          return call(
            action.kind === 'enable' ? 'bulkToggleFeaturesEnvironmentOn' : 'bulkToggleFeaturesEnvironmentOff',
            {
              params: { projectId, environment: action.environment },
              body: { features },
            },
          );
        case 'stale':
          return call('staleFeatures', { params, body: { features, stale: action.stale } });
        case 'archive':
          return call('archiveFeatures', { params, body: { features } });
        case 'tag':
          return call('addTagToFeatures', {
            params,
            body: { features, tags: { addedTags: action.tags, removedTags: [] } },
          });
      }
    },
    onSuccess: (_data, { action, features }) => notifySuccess(describeAction(action, features.length)),
    onError: (error) => notifyError(error, 'change the selected flags'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['flags'] }),
  });
}
