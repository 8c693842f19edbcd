import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ContextField, RequestOf } from '../../api/wire.ts';

export function useContextFields() {
  return useQuery({
    queryKey: ['context'],
    queryFn: () => call('getContextFields'),
    staleTime: 60_000,
  });
}

/** The stickiness choices for rollouts and variants: the standard ones plus fields marked for stickiness. */
export function stickinessOptions(fields: ContextField[] | undefined): string[] {
  const custom = (fields ?? []).filter((f) => f.stickiness).map((f) => f.name);
  return [...new Set(['default', 'userId', 'sessionId', 'random', ...custom])];
}

export type ContextFieldInput = RequestOf<'createContextField'>;

export function useContextFieldMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['context'] });
  return {
    save: useMutation({
      mutationFn: ({ existing, ...body }: ContextFieldInput & { existing: boolean }) =>
        existing
          ? call('updateContextField', { params: { contextField: body.name }, body })
          : call('createContextField', { body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (name: string) => call('deleteContextField', { params: { contextField: name } }),
      onSuccess,
    }),
  };
}
