import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type ActiveSession = {
  id: string;
  userId: number;
  username?: string;
  email?: string;
  ip?: string;
  userAgent?: string;
  createdAt: string;
  seenAt?: string;
  expiredAt?: string;
  current?: boolean;
};

/** Every signed-in browser on the instance, or one user's when `userId` is given. Administrators only. */
export function useActiveSessions(userId?: number) {
  return useQuery({
    queryKey: ['user-sessions', userId ?? 'all'],
    queryFn: async ({ signal }) =>
      (await call<{ sessions: ActiveSession[] }>('getActiveSessions', { query: { userId }, signal }))
        .sessions,
  });
}

export function useRevokeActiveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call('revokeSession', { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user-sessions'] }),
  });
}
