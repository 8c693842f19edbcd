import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type ResetLinkUser = ResponseOf<'validateToken'>;
export type AdminResetLink = ResponseOf<'resetUserPassword'>;
export type UiConfig = ResponseOf<'getUiConfig'>;

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => call('sendResetPasswordEmail', { body: { email } }),
  });
}

/** Whose password a link sets, while it can be used; an error once it expired or was used. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => call('validateToken', { query: { token } }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetPasswordWithLink() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => call('changePassword', { body }),
  });
}

/** An admin's reset link for a user, emailed to them when email is configured. */
export function useAdminResetLink() {
  return useMutation({
    mutationFn: (id: number) => call('resetUserPassword', { body: { id: String(id) } }),
  });
}

/** The server's settings the UI adapts to, such as whether it sends email. */
export function useUiConfig() {
  return useQuery({
    queryKey: ['ui-config'],
    queryFn: () => call('getUiConfig'),
    staleTime: 5 * 60_000,
  });
}
