import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ProjectOverview } from '../../api/wire.ts';

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
