import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { DependencyBody, Tag, Variant } from '../../api/wire.ts';
import { useChangeWriter } from '../change-requests/use-change-writer.ts';
import { flagKey } from './use-flag.ts';

/**
 * Changes to one flag besides its strategies: details, stale, tags, variants, dependencies, archive, clone. Variants,
 * dependencies and archiving are drafted where change requests are on.
 */
export function useFlagActions(projectId: string, featureName: string) {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  const feature = featureName;
  const params = { projectId, featureName };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: flagKey(projectId, featureName) });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
  };
  return {
    update: useMutation({
      mutationFn: (body: { description: string; type: string; impressionData: boolean }) =>
        call('updateFeature', { params, body }),
      onSuccess: refresh,
    }),
    setStale: useMutation({
      mutationFn: (stale: boolean) =>
        call('patchFeature', { params, body: [{ op: 'replace', path: '/stale', value: stale }] }),
      onSuccess: refresh,
    }),
    addTag: useMutation({
      mutationFn: (tag: Tag) => call('addTag', { params: { featureName }, body: tag }),
      onSuccess: () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: ['tags'] });
      },
    }),
    removeTag: useMutation({
      mutationFn: (tag: Tag) => call('removeTag', { params: { featureName, ...tag } }),
      onSuccess: refresh,
    }),
    saveVariants: useMutation({
      mutationFn: ({ environment, variants }: { environment: string; variants: Variant[] }) =>
        write({
          project: projectId,
          environment,
          changes: { feature, action: 'patchVariant', payload: { variants } },
          direct: () =>
            call('overwriteEnvironmentFeatureVariants', {
              params: { ...params, environment },
              body: variants,
            }),
        }),
      onSuccess: refresh,
    }),
    addDependency: useMutation({
      mutationFn: (dependency: DependencyBody) =>
        write({
          project: projectId,
          changes: { feature, action: 'addDependency', payload: dependency },
          direct: () =>
            call('addFeatureDependency', { params: { projectId, child: featureName }, body: dependency }),
        }),
      onSuccess: refresh,
    }),
    removeDependency: useMutation({
      mutationFn: (parent: string) =>
        write({
          project: projectId,
          changes: { feature, action: 'deleteDependency' },
          direct: () =>
            call('deleteFeatureDependency', { params: { projectId, child: featureName, parent } }),
        }),
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationFn: () =>
        write({
          project: projectId,
          changes: { feature, action: 'archiveFeature' },
          direct: () => call('archiveFeature', { params }),
        }),
      onSuccess: refresh,
    }),
    revive: useMutation({
      mutationFn: () => call('reviveFeature', { params: { featureName } }),
      onSuccess: refresh,
    }),
    clone: useMutation({
      mutationFn: (body: { name: string; replaceGroupId: boolean }) => call('cloneFeature', { params, body }),
      onSuccess: refresh,
    }),
  };
}
