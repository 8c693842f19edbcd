import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ArchivedRef } from './archived-ref.ts';
import { byProject } from './archived-ref.ts';

/** One page of archived flags of every project, newest first, optionally filtered by text. */
export function useArchivedFlags(query: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['flags', 'archived', query, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      call('searchFeatures', {
        query: {
          archived: 'IS:true',
          query: query || undefined,
          offset: String((page - 1) * pageSize),
          limit: String(pageSize),
          sortBy: 'createdAt',
          sortOrder: 'desc',
        },
      }),
  });
}

/** The archived flag of this exact name in this project, or null when there is none. */
export function useArchivedFlag(projectId: string, flagName: string) {
  return useQuery({
    queryKey: ['flags', 'archived', 'exact', flagName],
    queryFn: async () => {
      const result = await call('searchFeatures', {
        query: { archived: 'IS:true', query: flagName, limit: '50', offset: '0' },
      });
      return result.features.find((f) => f.name === flagName && f.project === projectId) ?? null;
    },
  });
}

/** Revive or delete one archived flag; either way the flag lists are read again. */
export function useArchivedFlagActions() {
  const queryClient = useQueryClient();
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: ['flags'] });
  return {
    revive: useMutation({
      mutationFn: (name: string) => call('reviveFeature', { params: { featureName: name } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (name: string) => call('deleteFeature', { params: { featureName: name } }),
      onSettled,
    }),
  };
}

/** Revive or delete many archived flags: one request per project, since that is how the server takes them. */
export function useArchivedBulkAction(selected: ArchivedRef[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (operation: 'reviveFeatures' | 'deleteFeatures') => {
      for (const [projectId, features] of byProject(selected))
        await call(operation, { params: { projectId }, body: { features } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['flags'] }),
  });
}
