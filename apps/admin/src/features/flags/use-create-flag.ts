import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

/** Creates a flag in a project; flag lists and project counts are read again. */
export function useCreateFlag(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'createFeature'>) => call('createFeature', { params: { projectId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
