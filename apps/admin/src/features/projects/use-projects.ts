import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ProjectOverview, RequestOf } from '../../api/wire.ts';

export type ProjectInput = { id: string; name: string; description: string; defaultStickiness: string };

export function useProjects() {
  return useQuery({
    queryKey: ['projects'],
    queryFn: async () => (await call('getProjects')).projects,
  });
}

export const projectOverviewQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'overview'],
    queryFn: () => call('getProjectOverview', { params: { projectId } }),
  });

export function useProjectOverview(projectId: string) {
  return useQuery(projectOverviewQuery(projectId));
}

/** The environments enabled in a project, in whichever shape the overview sends them. */
export function projectEnvironmentNames(overview: ProjectOverview | undefined): string[] | undefined {
  return overview?.environments?.map((e) => (typeof e === 'string' ? e : e.environment));
}

export function useSaveProject(existing?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) =>
      existing
        ? call('updateProject', {
            params: { projectId: existing },
            body: {
              name: input.name,
              description: input.description,
              defaultStickiness: input.defaultStickiness,
            },
          })
        : createProject(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

/** The server takes no description on create (as in Unleash), so a description is saved right after. */
async function createProject(input: ProjectInput): Promise<void> {
  const { description, ...body } = input;
  await call('createProject', { body });
  if (description.trim())
    await call('updateProject', {
      params: { projectId: input.id },
      body: { name: input.name, description, defaultStickiness: input.defaultStickiness },
    });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => call('deleteProject', { params: { projectId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

export type ProjectSettingsInput = RequestOf<'updateProject'>;

/** Saves the project's details from its settings tab. */
export function useUpdateProjectSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectSettingsInput) => call('updateProject', { params: { projectId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

/** Sets the strategy a flag gets in one of the project's environments when it is turned on without one. */
export function useSetDefaultStrategy(projectId: string, environment: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'addDefaultStrategyToProjectEnvironment'>) =>
      call('addDefaultStrategyToProjectEnvironment', { params: { projectId, environment }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', projectId, 'overview'] }),
  });
}
