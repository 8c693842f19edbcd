import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Flag, Strategy, StrategyDraft } from '../../api/wire.ts';
import { draftsFromCache, useChangeWriter } from '../change-requests/use-change-writer.ts';
import { toWireStrategy } from '../strategies/strategy-model.ts';
import { flagKey } from './use-flag.ts';

type Where = { projectId: string; featureName: string; environment: string };

/**
 * Adding, changing, removing, reordering and copying the strategies of one flag: written directly, or drafted where
 * the environment has change requests on.
 */
export function useStrategyMutations(projectId: string, featureName: string) {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  const feature = featureName;
  const key = flagKey(projectId, featureName);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['flags'] });
  };
  const where = (environment: string): Where => ({ projectId, featureName, environment });
  return {
    save: useMutation({
      mutationFn: ({ environment, strategy }: { environment: string; strategy: StrategyDraft }) =>
        write({
          project: projectId,
          environment,
          changes: strategy.id
            ? { feature, action: 'updateStrategy', payload: { ...toWireStrategy(strategy), id: strategy.id } }
            : { feature, action: 'addStrategy', payload: toWireStrategy(strategy) },
          direct: () =>
            strategy.id
              ? call('updateFeatureStrategy', {
                  params: { ...where(environment), strategyId: strategy.id },
                  body: toWireStrategy(strategy),
                })
              : call('addFeatureStrategy', {
                  params: where(environment),
                  body: toWireStrategy(strategy),
                }),
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ environment, strategyId }: { environment: string; strategyId: string }) =>
        write({
          project: projectId,
          environment,
          changes: { feature, action: 'deleteStrategy', payload: { id: strategyId } },
          direct: () => call('deleteFeatureStrategy', { params: { ...where(environment), strategyId } }),
        }),
      onSuccess: refresh,
    }),
    /** Moves the list at once (unless drafted); puts it back if the server refuses. */
    reorder: useMutation({
      mutationFn: ({ environment, ids }: { environment: string; ids: string[] }) => {
        const order = ids.map((id, sortOrder) => ({ id, sortOrder }));
        return write({
          project: projectId,
          environment,
          changes: { feature, action: 'reorderStrategy', payload: order },
          direct: () => call('setStrategySortOrder', { params: where(environment), body: order }),
        });
      },
      onMutate: async ({ environment, ids }) => {
        if (draftsFromCache(queryClient, projectId, environment)) return { before: undefined };
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
      onError: (_error, _vars, context) => {
        if (context?.before) queryClient.setQueryData(key, context.before);
      },
      onSettled: refresh,
    }),
    copy: useMutation({
      mutationFn: ({ strategies, to }: { strategies: Strategy[]; to: string }) => {
        const bodies = strategies.map((strategy) => toWireStrategy(strategy));
        return write({
          project: projectId,
          environment: to,
          changes: bodies.map((payload) => ({ feature, action: 'addStrategy' as const, payload })),
          direct: async () => {
            for (const body of bodies) await call('addFeatureStrategy', { params: where(to), body });
          },
        });
      },
      onSettled: refresh,
    }),
  };
}
