import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

const tokensKey = (projectId: string) => ['projects', projectId, 'api-tokens'] as const;

/** The API tokens scoped to one project. */
export function useProjectApiTokens(projectId: string) {
  return useQuery({
    queryKey: tokensKey(projectId),
    queryFn: async () => (await call('getProjectApiTokens', { params: { projectId } })).tokens,
  });
}

export type ProjectApiTokenInput = RequestOf<'createProjectApiToken'>;

/** Creating and deleting a project's tokens; both refresh its list, whether they succeed or not. */
export function useProjectApiTokenMutations(projectId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: tokensKey(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: ProjectApiTokenInput) =>
        call('createProjectApiToken', { params: { projectId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (token: string) => call('deleteProjectApiToken', { params: { projectId, token } }),
      onSettled,
    }),
  };
}
