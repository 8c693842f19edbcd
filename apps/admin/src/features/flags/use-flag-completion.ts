import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { flagKey } from './use-flag.ts';

export type Completion = { status: 'kept' | 'discarded'; statusValue: string | null };

/** Marks a flag completed (kept or discarded, with what was kept) or reopens it. */
export function useFlagCompletion(projectId: string, flagName: string) {
  const queryClient = useQueryClient();
  const params = { projectId, featureName: flagName };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: flagKey(projectId, flagName) }),
      queryClient.invalidateQueries({ queryKey: ['flags'] }),
    ]);
  return {
    complete: useMutation({
      mutationFn: (body: Completion) => call('complete', { params, body }),
      onSuccess: refresh,
    }),
    reopen: useMutation({ mutationFn: () => call('uncomplete', { params }), onSuccess: refresh }),
  };
}
