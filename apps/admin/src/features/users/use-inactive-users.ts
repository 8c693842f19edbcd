import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type InactiveUser = ResponseOf<'getInactiveUsers'>['inactiveUsers'][number];

/** Users who have not signed in for a long while (the server decides how long). */
export function useInactiveUsers(enabled = true) {
  return useQuery({
    queryKey: ['users', 'inactive'],
    enabled,
    queryFn: async () => (await call('getInactiveUsers')).inactiveUsers,
  });
}

export function useDeleteInactiveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call('deleteInactiveUsers', { body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
