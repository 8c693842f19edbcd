import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function useEnvironments() {
  return useQuery({
    queryKey: ['environments'],
    queryFn: async () =>
      (await call('getAllEnvironments')).environments
        .slice()
        .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)),
  });
}

export function useEnvironmentMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['environments'] });
  return {
    save: useMutation({
      mutationFn: ({
        existing,
        ...body
      }: {
        name: string;
        type: string;
        sortOrder?: number;
        existing: boolean;
      }) =>
        existing
          ? call('updateEnvironment', {
              params: { name: body.name },
              body: { type: body.type, sortOrder: body.sortOrder },
            })
          : call('createEnvironment', { body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (name: string) => call('removeEnvironment', { params: { name } }),
      onSuccess,
    }),
    setEnabled: useMutation({
      mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
        call(enabled ? 'toggleEnvironmentOn' : 'toggleEnvironmentOff', { params: { name } }),
      onSuccess,
    }),
    clone: useMutation({
      mutationFn: ({
        source,
        ...body
      }: {
        source: string;
        name: string;
        type: string;
        clonePermissions: boolean;
      }) => call('cloneEnvironment', { params: { name: source }, body }),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (order: Record<string, number>) => call('updateSortOrder', { body: order }),
      onSuccess,
    }),
  };
}

/** Turns an environment on or off for one project. */
export function useProjectEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environment, enabled }: { environment: string; enabled: boolean }) =>
      enabled
        ? call('addEnvironmentToProject', { params: { projectId }, body: { environment } })
        : call('removeEnvironmentFromProject', { params: { projectId, environment } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['projects', projectId] });
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
    },
  });
}

/** The environments enabled in one project. */
export function useProjectEnvironments(projectId: string) {
  return useQuery({
    queryKey: ['environments', 'project', projectId],
    queryFn: async () =>
      (await call('getProjectEnvironments', { params: { projectId } })).environments.filter(
        (env) => env.enabled,
      ),
  });
}
