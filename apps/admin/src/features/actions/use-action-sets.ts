import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';

type ActionSetList = ResponseOf<'getActions'>;
export type ActionSet = ActionSetList['actions'][number];
export type ActionSetBody = RequestOf<'createActions'>;
export type ActionSetEvent = ResponseOf<'getActionsEvents'>['actionSetEvents'][number];

const key = (projectId: string) => ['projects', projectId, 'actions'];

export function useActionSets(projectId: string) {
  return useQuery({
    queryKey: key(projectId),
    queryFn: async () => (await call('getActions', { params: { projectId } })).actions,
  });
}

/** What an action set did with the signals it matched, newest first, refreshed while open. */
export function useActionSetEvents(projectId: string, actionSetId: number) {
  return useQuery({
    queryKey: [...key(projectId), actionSetId, 'events'],
    queryFn: async () =>
      (
        await call('getActionsEvents', {
          params: { projectId, actionSetId },
          query: { limit: 50 },
        })
      ).actionSetEvents,
    refetchInterval: 5000,
  });
}

export function useActionSetMutations(projectId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(projectId) });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: ActionSetBody }) =>
        id === undefined
          ? call('createActions', { params: { projectId }, body })
          : call('updateActions', { params: { projectId, actionSetId: id }, body }),
      onSettled,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
        call(enabled ? 'enableActions' : 'disableActions', { params: { projectId, actionSetId: id } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('deleteActions', { params: { projectId, actionSetId: id } }),
      onSettled,
    }),
  };
}

export type ActionDescription = ResponseOf<'getActionsConfig'>[string];

/** What each action does and the permissions its service account needs, as the server describes them. */
export function useActionsConfig(projectId: string) {
  return useQuery({
    queryKey: [...key(projectId), 'config'],
    staleTime: Infinity,
    queryFn: () => call('getActionsConfig', { params: { projectId } }),
  });
}
