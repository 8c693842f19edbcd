import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ProjectOverview, RequestOf } from '../../api/wire.ts';
import type { NewProjectSettings } from './new-project-settings.tsx';

export type ProjectInput = {
  id: string;
  name: string;
  description: string;
  defaultStickiness: string;
  /** Only on create: collaboration mode, environments and change requests, in the same request. */
  settings?: NewProjectSettings;
};

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

/** One request creates the project with its description, collaboration mode, environments and change requests. */
async function createProject(input: ProjectInput): Promise<void> {
  const { settings, description, ...body } = input;
  await call('createProject', {
    body: {
      ...body,
      ...(description.trim() ? { description } : {}),
      ...(settings
        ? {
            mode: settings.mode,
            ...(settings.environments ? { environments: settings.environments } : {}),
            changeRequestEnvironments: Object.entries(settings.changeRequests).map(
              ([name, requiredApprovals]) => ({ name, requiredApprovals }),
            ),
          }
        : {}),
    },
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
