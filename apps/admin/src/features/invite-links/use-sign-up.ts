import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';
import { sessionKey } from '../session/use-session.ts';

/** Whether an invite link may still be used (the server answers without a body; a query needs a value). */
export function useInviteLinkValid(secret: string) {
  return useQuery({
    queryKey: ['invite', secret],
    retry: false,
    queryFn: async () => {
      await call('validatePublicSignupToken', { params: { token: secret } });
      return true;
    },
  });
}

/** Creates an account through an invite link; the new user is signed in, so the session is read again. */
export function useSignUp(secret: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'addPublicSignupTokenUser'>) =>
      call('addPublicSignupTokenUser', { params: { token: secret }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      onDone();
    },
  });
}
