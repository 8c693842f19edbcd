import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function useFlagTypes() {
  return useQuery({
    queryKey: ['flag-types'],
    queryFn: async () => (await call('getAllFeatureTypes')).types,
    staleTime: 5 * 60_000,
  });
}

export function useUpdateLifetime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lifetimeDays }: { id: string; lifetimeDays: number | null }) =>
      call('updateFeatureTypeLifetime', { params: { id }, body: { lifetimeDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['flag-types'] }),
  });
}
