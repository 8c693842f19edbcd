import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';
import type { Me, ResponseOf } from '../../api/wire.ts';

export const sessionKey = ['session'] as const;

/** The signed-in user, or null when there is no session (the server answered 401). */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await call('getMe');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export type SignInMethods = ResponseOf<'getSignInMethods'>;

/** How this server lets people sign in; without an answer the page offers the password form alone. */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['sign-in-methods'],
    queryFn: () => call('getSignInMethods'),
    staleTime: Infinity,
    retry: false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => call('login', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout'),
    onSettled: () => {
      // Forget everything the signed-in user saw, but keep the session query itself so the gate sees it end.
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
