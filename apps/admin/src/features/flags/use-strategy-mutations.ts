import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Flag, Strategy } from '../../api/types.ts';
import { toWireStrategy } from '../strategies/strategy-model.ts';
import { flagKey } from './use-flag.ts';

type Where = { projectId: string; featureName: string; environment: string };

/** Adding, changing, removing, reordering and copying the strategies of one flag. */
export function useStrategyMutations(projectId: string, featureName: string) {
  const queryClient = useQueryClient();
  const key = flagKey(projectId, featureName);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
  };
  const where = (environment: string): Where => ({ projectId, featureName, environment });
  return {
    save: useMutation({
      mutationFn: ({ environment, strategy }: { environment: string; strategy: Strategy }) =>
        strategy.id
          ? call<Strategy>('updateFeatureStrategy', {
              params: { ...where(environment), strategyId: strategy.id },
              body: toWireStrategy(strategy),
            })
          : call<Strategy>('addFeatureStrategy', {
              params: where(environment),
              body: toWireStrategy(strategy),
            }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ environment, strategyId }: { environment: string; strategyId: string }) =>
        call('deleteFeatureStrategy', { params: { ...where(environment), strategyId } }),
      onSuccess: refresh,
    }),
    /** Moves the list at once; puts it back if the server refuses. */
    reorder: useMutation({
      mutationFn: ({ environment, ids }: { environment: string; ids: string[] }) =>
        call('setStrategySortOrder', {
          params: where(environment),
          body: ids.map((id, sortOrder) => ({ id, sortOrder })),
        }),
      onMutate: async ({ environment, ids }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<Flag>(key);
        queryClient.setQueryData<Flag>(
          key,
          (flag) =>
            flag && {
              ...flag,
              environments: flag.environments.map((env) =>
                env.name !== environment
                  ? env
                  : {
                      ...env,
                      strategies: ids
                        .map((id) => env.strategies.find((s) => s.id === id))
                        .filter((s): s is Strategy => Boolean(s)),
                    },
              ),
            },
        );
        return { before };
      },
      onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
      onSettled: refresh,
    }),
    copy: useMutation({
      mutationFn: async ({ strategies, to }: { strategies: Strategy[]; to: string }) => {
        for (const strategy of strategies)
          await call('addFeatureStrategy', {
            params: where(to),
            body: toWireStrategy({ ...strategy, id: undefined }),
          });
      },
      onSettled: refresh,
    }),
  };
}
