import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export function useServiceAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['service-accounts'],
    enabled,
    queryFn: async () => (await call('getServiceAccounts')).serviceAccounts,
  });
}

export function useServiceAccountMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['service-accounts'] });
  return {
    create: useMutation({
      mutationFn: (body: { username: string; name?: string; rootRole: number }) =>
        call('createServiceAccount', { body }),
      onSettled,
    }),
    setRole: useMutation({
      mutationFn: ({ id, rootRole }: { id: number; rootRole: number }) =>
        call('updateServiceAccount', { params: { id }, body: { rootRole } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteServiceAccount', { params: { id } }),
      onSettled,
    }),
    createToken: useMutation({
      mutationFn: ({ id, ...body }: { id: number; description: string; expiresAt: string }) =>
        call('createServiceAccountToken', { params: { id }, body }),
      onSettled,
    }),
    deleteToken: useMutation({
      mutationFn: ({ id, tokenId }: { id: number; tokenId: number }) =>
        call('deleteServiceAccountToken', { params: { id, tokenId } }),
      onSettled,
    }),
  };
}
