import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

type EndpointList = ResponseOf<'getSignalEndpoints'>;
export type SignalEndpoint = EndpointList['signalEndpoints'][number];
export type SignalEndpointBody = RequestOf<'createSignalEndpoint'>;
export type CreatedToken = ResponseOf<'createSignalEndpointToken'>;
export type EndpointSignal = ResponseOf<'getSignalEndpointSignals'>['signalEndpointSignals'][number];

export const signalEndpointsQuery = {
  queryKey: ['signal-endpoints'],
  queryFn: async () => (await call('getSignalEndpoints')).signalEndpoints,
};

export function useSignalEndpoints(enabled = true) {
  return useQuery({ ...signalEndpointsQuery, enabled });
}

/** The newest signals of one endpoint, refreshed while the log is open. */
export function useEndpointSignals(id: number) {
  return useQuery({
    queryKey: ['signal-endpoints', id, 'signals'],
    queryFn: async () =>
      (
        await call('getSignalEndpointSignals', {
          params: { id },
          query: { limit: 50 },
        })
      ).signalEndpointSignals,
    refetchInterval: 5000,
  });
}

export function useSignalEndpointMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: signalEndpointsQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SignalEndpointBody }) =>
        id === undefined
          ? call('createSignalEndpoint', { body })
          : call('updateSignalEndpoint', { params: { id }, body }),
      onSettled,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
        call(enabled ? 'enableSignalEndpoint' : 'disableSignalEndpoint', { params: { id } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteSignalEndpoint', { params: { id } }),
      onSettled,
    }),
    createToken: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        call('createSignalEndpointToken', { params: { id }, body: { name } }),
      onSettled,
    }),
    removeToken: useMutation({
      mutationFn: ({ id, tokenId }: { id: number; tokenId: number }) =>
        call('deleteSignalEndpointToken', { params: { id, tokenId } }),
      onSettled,
    }),
  };
}

/** A ready command that sends a test signal to the endpoint. */
export const curlLine = (origin: string, name: string, token: string) =>
  `curl -X POST ${origin}/api/signal-endpoint/${name} -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '{"status": "firing"}'`;
