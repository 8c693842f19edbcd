import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

const key = ['maintenance'];

/** Whether maintenance mode is on; everyone's shell asks, so it is refreshed now and then. */
export function useMaintenance() {
  return useQuery({
    queryKey: key,
    refetchInterval: 60_000,
    queryFn: async () => (await call('getMaintenance')).enabled,
  });
}

export function useToggleMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call('toggleMaintenance', { body: { enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
