import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type ActiveSession = ResponseOf<'getActiveSessions'>['sessions'][number];

/** Every signed-in browser on the instance, or one user's when `userId` is given. Administrators only. */
export function useActiveSessions(userId?: number) {
  return useQuery({
    queryKey: ['user-sessions', userId ?? 'all'],
    queryFn: async ({ signal }) => (await call('getActiveSessions', { query: { userId }, signal })).sessions,
  });
}

export function useRevokeActiveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call('revokeSession', { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user-sessions'] }),
  });
}
