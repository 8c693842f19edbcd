import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type ScimSettings = ResponseOf<'getScimSettings'>;

const key = ['scim-settings'] as const;

export function useScimSettings(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: () => call('getScimSettings'), enabled });
}

export function useScimSettingsMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    setEnabled: useMutation({
      mutationFn: (enabled: boolean) => call('setScimSettings', { body: { enabled } }),
      onSettled,
    }),
    generateToken: useMutation({
      mutationFn: async () => (await call('generateNewToken')).token,
      onSettled,
    }),
  };
}
