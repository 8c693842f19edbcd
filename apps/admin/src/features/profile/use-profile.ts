import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';
import { sessionKey } from '../session/use-session.ts';

export type Profile = ResponseOf<'getProfile'>;
export type SessionList = ResponseOf<'getMySessions'>;
export type Session = SessionList['sessions'][number];

const sessionsKey = ['my-sessions'] as const;

/** What the signed-in user holds: root role, project roles, groups, permissions and tokens. */
export function useProfile() {
  return useQuery({ queryKey: ['profile'], queryFn: () => call('getProfile') });
}

/** The signed-in user's sessions, newest first; `current` is this browser's. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await call('getMySessions')).sessions,
  });
}

/** Signs one session out; revoking this browser's own session signs it out like "Sign out" does. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Session) => call('revokeMySession', { params: { sessionId: session.id } }),
    onSuccess: (_data, session) => {
      if (!session.current) return queryClient.invalidateQueries({ queryKey: sessionsKey });
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
