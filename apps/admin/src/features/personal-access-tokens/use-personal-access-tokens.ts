import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';
import type { components } from '../../api/schema';

/** One of your tokens as the server lists it; `secret` is only in the answer that creates it. */
export type PatResponse = components['schemas']['patSchema'];
export type CreatePatBody = RequestOf<'createPat'>;

const patsKey = ['personal-access-tokens'] as const;

/** The signed-in user's personal access tokens, oldest first, without secrets. */
export function usePersonalAccessTokens() {
  return useQuery({
    queryKey: patsKey,
    queryFn: async () => (await call('getPats')).pats,
  });
}

export function usePersonalAccessTokenMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: patsKey });
  return {
    create: useMutation({
      mutationFn: (body: CreatePatBody) => call('createPat', { body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deletePat', { params: { id } }),
      onSettled,
    }),
  };
}
