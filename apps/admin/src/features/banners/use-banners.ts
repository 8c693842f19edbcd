import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Banner } from '../../api/wire.ts';

export type BannerInput = Omit<Banner, 'id' | 'createdAt'>;

export const bannersQuery = {
  queryKey: ['banners'],
  queryFn: async () => (await call('getBanners')).banners,
};

/** Every banner; the shell shows the enabled ones to everyone, so they are refreshed now and then. */
export function useBanners() {
  return useQuery({ ...bannersQuery, refetchInterval: 60_000 });
}

export function useBannerMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: bannersQuery.queryKey });
  return {
    save: useMutation({
      // An edit leaves `enabled` alone, so it cannot undo someone's switch made meanwhile.
      mutationFn: ({ id, ...body }: Omit<BannerInput, 'enabled'> & { id?: number }) =>
        id === undefined ? call('createBanner', { body }) : call('updateBanner', { params: { id }, body }),
      onSettled,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
        call(enabled ? 'enableBanner' : 'disableBanner', { params: { id } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteBanner', { params: { id } }),
      onSettled,
    }),
  };
}
