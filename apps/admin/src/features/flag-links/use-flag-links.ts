import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Flag, RequestOf } from '../../api/wire.ts';
import { flagKey } from '../flags/use-flag.ts';

export type FlagLink = Flag['links'][number];
export type FlagLinkInput = RequestOf<'createFeatureLink'>;

/** Add, change and remove a flag's links; each refreshes the flag, which carries them. */
export function useFlagLinks(projectId: string, featureName: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: flagKey(projectId, featureName) });
  const params = { projectId, featureName };
  return {
    save: useMutation({
      mutationFn: ({ id, ...body }: FlagLinkInput & { id?: string }) =>
        id === undefined
          ? call('createFeatureLink', { params, body })
          : call('updateFeatureLink', { params: { ...params, linkId: id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (linkId: string) => call('deleteFeatureLink', { params: { ...params, linkId } }),
      onSettled,
    }),
  };
}
