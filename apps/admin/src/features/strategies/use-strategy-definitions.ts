import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

export function useStrategyDefinitions() {
  return useQuery({
    queryKey: ['strategies'],
    queryFn: async () => (await call('getAllStrategies')).strategies,
    staleTime: 60_000,
  });
}

/** What the definition editor saves: the body POST /api/admin/strategies takes. */
export type StrategyDefinitionInput = RequestOf<'createStrategy'>;
export type ParameterInput = StrategyDefinitionInput['parameters'][number];

export function useStrategyDefinitionMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['strategies'] });
  return {
    save: useMutation({
      mutationFn: ({ existing, ...body }: StrategyDefinitionInput & { existing: boolean }) =>
        existing
          ? call('updateStrategy', { params: { name: body.name }, body })
          : call('createStrategy', { body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (name: string) => call('removeStrategy', { params: { name } }),
      onSuccess,
    }),
    setDeprecated: useMutation({
      mutationFn: ({ name, deprecated }: { name: string; deprecated: boolean }) =>
        call(deprecated ? 'deprecateStrategy' : 'reactivateStrategy', { params: { strategyName: name } }),
      onSuccess,
    }),
  };
}
