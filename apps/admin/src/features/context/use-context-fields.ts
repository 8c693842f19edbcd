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

/**
 * Creating, changing and deleting context fields: the global ones, or with `projectId` the fields of that project
 * (its constraints alone can test them).
 */
export function useContextFieldMutations(projectId?: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['context'] }),
      projectId && queryClient.invalidateQueries({ queryKey: projectContextKey(projectId) }),
    ]);
  return {
    save: useMutation({
      mutationFn: ({ existing, ...body }: ContextFieldInput & { existing: boolean }) => {
        const contextField = body.name;
        if (projectId === undefined)
          return existing
            ? call('updateContextField', { params: { contextField }, body })
            : call('createContextField', { body });
        return existing
          ? call('updateContextFieldForProject', { params: { projectId, contextField }, body })
          : call('createContextFieldForProject', { params: { projectId }, body });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (contextField: string) =>
        projectId === undefined
          ? call('deleteContextField', { params: { contextField } })
          : call('deleteContextFieldForProject', { params: { projectId, contextField } }),
      onSuccess,
    }),
  };
}

export const projectContextKey = (projectId: string) => ['projects', projectId, 'context'];

/** The context fields of one project alone (not the global ones). */
export function useProjectContextFields(projectId: string) {
  return useQuery({
    queryKey: projectContextKey(projectId),
    queryFn: () => call('getContextFieldsForProject', { params: { projectId } }),
  });
}
