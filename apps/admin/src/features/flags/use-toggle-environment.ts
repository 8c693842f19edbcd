import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Flag } from '../../api/wire.ts';
import type { FlagSearchResult } from '../../api/wire.ts';
import { notifyError } from '../../ui/notify.ts';
import { draftsFromCache, useChangeWriter } from '../change-requests/use-change-writer.ts';
import { flagKey } from './use-flag.ts';
import { flagSearchKey } from './use-flag-search.ts';

type Toggle = { projectId: string; flagName: string; environment: string; enabled: boolean };

/** Applies a switch to cached search pages and the flag itself. */
export function applyToggle(
  data: FlagSearchResult | Flag | undefined,
  { flagName, environment, enabled }: Toggle,
): FlagSearchResult | Flag | undefined {
  if (!data) return data;
  const switchEnv = <E extends { name: string; enabled: boolean }>(envs: E[]) =>
    envs.map((env) => (env.name === environment ? { ...env, enabled } : env));
  if ('features' in data)
    return {
      ...data,
      features: data.features.map((f) =>
        f.name === flagName ? { ...f, environments: switchEnv(f.environments) } : f,
      ),
    };
  return data.name === flagName ? { ...data, environments: switchEnv(data.environments) } : data;
}

/**
 * Turns a flag on or off in one environment, or drafts that where change requests are on. A direct switch moves at
 * once and moves back, with a message, when the server refuses; a drafted one stays until the request is applied.
 */
export function useToggleEnvironment() {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  return useMutation({
    mutationFn: (toggle: Toggle) =>
      write({
        project: toggle.projectId,
        environment: toggle.environment,
        changes: { feature: toggle.flagName, action: 'updateEnabled', payload: { enabled: toggle.enabled } },
        direct: () =>
          call(toggle.enabled ? 'toggleFeatureEnvironmentOn' : 'toggleFeatureEnvironmentOff', {
            params: {
              projectId: toggle.projectId,
              featureName: toggle.flagName,
              environment: toggle.environment,
            },
          }),
      }),
    onMutate: async (toggle) => {
      if (draftsFromCache(queryClient, toggle.projectId, toggle.environment)) return { snapshots: [] };
      const keys: QueryKey[] = [flagSearchKey(toggle.projectId), flagKey(toggle.projectId, toggle.flagName)];
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshots = keys.flatMap((queryKey) =>
        queryClient.getQueriesData<FlagSearchResult | Flag>({ queryKey }),
      );
      for (const [key] of snapshots)
        queryClient.setQueryData<FlagSearchResult | Flag>(key, (data) => applyToggle(data, toggle));
      return { snapshots };
    },
    onError: (error, toggle, context) => {
      for (const [key, data] of context?.snapshots ?? []) queryClient.setQueryData(key, data);
      notifyError(error, `turn ${toggle.enabled ? 'on' : 'off'} ${toggle.flagName} in ${toggle.environment}`);
    },
    onSettled: (_data, _error, toggle) => {
      void queryClient.invalidateQueries({ queryKey: flagSearchKey(toggle.projectId) });
      void queryClient.invalidateQueries({ queryKey: flagKey(toggle.projectId, toggle.flagName) });
    },
  });
}
