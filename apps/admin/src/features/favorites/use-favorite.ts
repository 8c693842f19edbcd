import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** What is starred: a flag (with its project) or a project. */
export type FavoriteTarget = { projectId: string; flagName?: string };

/**
 * Stars and unstars a flag or a project for the signed-in user. Every list that shows stars (flags, projects, the
 * dashboard, search) is refetched, since each orders or marks favorites its own way.
 */
export function useFavorite(target: FavoriteTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => {
      const { projectId, flagName } = target;
      if (flagName)
        return call(favorite ? 'addFavoriteFeature' : 'removeFavoriteFeature', {
          params: { projectId, featureName: flagName },
        });
      return call(favorite ? 'addFavoriteProject' : 'removeFavoriteProject', { params: { projectId } });
    },
    onSuccess: () =>
      Promise.all(
        [['flag'], ['flags'], ['projects'], ['personal-dashboard']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
