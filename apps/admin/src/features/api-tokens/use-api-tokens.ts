import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function useApiTokens(enabled: boolean) {
  return useQuery({
    queryKey: ['api-tokens'],
    enabled,
    queryFn: async () => (await call('getAllApiTokens')).tokens,
  });
}

export type ApiTokenInput = {
  tokenName: string;
  type: 'client' | 'frontend' | 'admin';
  environment: string;
  projects: string[];
  expiresAt?: string;
};

export function useApiTokenMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  return {
    create: useMutation({
      mutationFn: (body: ApiTokenInput) => call('createApiToken', { body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (token: string) => call('deleteApiToken', { params: { token } }),
      onSuccess,
    }),
  };
}
