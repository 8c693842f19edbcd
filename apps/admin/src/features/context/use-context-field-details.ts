import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

/** The strategies whose constraints read a context field. */
export function useContextFieldUsage(field: string) {
  return useQuery({
    queryKey: ['context', field, 'strategies'],
    queryFn: async () =>
      (await call('getStrategiesByContextField', { params: { contextField: field } })).strategies,
  });
}

/** Adds or removes one legal value of a field; the context fields are read again either way. */
export function useLegalValueMutations(field: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['context'] });
  const params = { contextField: field };
  return {
    add: useMutation({
      mutationFn: (body: RequestOf<'updateContextFieldLegalValue'>) =>
        call('updateContextFieldLegalValue', { params, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (legalValue: string) =>
        call('deleteContextFieldLegalValue', { params: { ...params, legalValue } }),
      onSettled,
    }),
  };
}
