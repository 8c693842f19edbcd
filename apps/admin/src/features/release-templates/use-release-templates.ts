import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ReleaseTemplateBody } from '../../api/wire.ts';

export const releaseTemplatesKey = ['release-templates'] as const;

/** The release templates that are not archived, oldest first. */
export function useReleaseTemplates() {
  return useQuery({ queryKey: releaseTemplatesKey, queryFn: () => call('getReleaseTemplates') });
}

export function useReleaseTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: [...releaseTemplatesKey, templateId],
    queryFn: () => call('getReleaseTemplate', { params: { templateId: templateId! } }),
    enabled: templateId !== undefined,
  });
}

export function useReleaseTemplateMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: releaseTemplatesKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ReleaseTemplateBody }) =>
        id === undefined
          ? call('createReleaseTemplate', { body })
          : call('updateReleaseTemplate', { params: { templateId: id }, body: { ...body, id } }),
      onSuccess,
    }),
    archive: useMutation({
      mutationFn: (templateId: string) => call('archiveReleaseTemplate', { params: { templateId } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (templateId: string) => call('deleteReleaseTemplate', { params: { templateId } }),
      onSuccess,
    }),
  };
}
