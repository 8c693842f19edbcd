import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Notification } from '../change-requests/change-request-types.ts';

const notificationsKey = ['notifications'] as const;

/** The signed-in user's notifications, checked again every minute while the app is open. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => call('getNotifications'),
    refetchInterval: 60_000,
    // A server without notifications answers 404: no menu badge, no retries.
    retry: false,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call('markNotificationsAsRead', { body: { notifications: ids } }),
    onMutate: (ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<Notification[]>(notificationsKey, (list) =>
        list?.map((n) => (ids.includes(n.id) && !n.readAt ? { ...n, readAt: now } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
