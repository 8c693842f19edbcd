import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

type AddonList = ResponseOf<'getAddons'>;
export type Integration = AddonList['addons'][number];
export type Provider = AddonList['providers'][number];
export type IntegrationBody = RequestOf<'createAddon'>;
export type DeliveryAttempt = ResponseOf<'getIntegrationEvents'>['integrationEvents'][number];

export type TestOutcome = ResponseOf<'testAddon'>;

export const integrationsQuery = {
  queryKey: ['addons'],
  queryFn: () => call('getAddons'),
};

export function useIntegrations() {
  return useQuery(integrationsQuery);
}

/** The newest attempts to deliver events to one integration, refreshed while the log is open. */
export function useDeliveryLog(id: number) {
  return useQuery({
    queryKey: ['addons', id, 'events'],
    queryFn: async () =>
      (
        await call('getIntegrationEvents', {
          params: { id },
          query: { limit: 50 },
        })
      ).integrationEvents,
    refetchInterval: 5000,
  });
}

export function useIntegrationMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: integrationsQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: IntegrationBody }) =>
        id === undefined ? call('createAddon', { body }) : call('updateAddon', { params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteAddon', { params: { id } }),
      onSettled,
    }),
    /** Sends a made-up event now and answers how it went; nothing is recorded. */
    sendTest: useMutation({
      mutationFn: (id: number) => call('testAddon', { params: { id } }),
    }),
  };
}
