import { Button, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { when } from '../../ui/format.ts';
import { notifyError } from '../../ui/notify.ts';
import { useMarkNotificationsRead, useNotifications } from './use-notifications.ts';

/** The bell in the header: unread count, the latest notifications, each opening what it is about. */
export function NotificationMenu() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.readAt);
  const label = `Notifications${unread.length ? ` (${unread.length} unread)` : ''}`;
  const open = (id: number, link: string) => {
    markRead.mutate([id], { onError: (error) => notifyError(error, 'mark the notification read') });
    // Links are paths in this app; anything else is not followed.
    if (link.startsWith('/')) void navigate(link);
  };
  return (
    <Menu position="bottom-end" width={360} withinPortal>
      <Menu.Target>
        <Button
          variant={unread.length ? 'light' : 'default'}
          color={unread.length ? 'red' : undefined}
          px="xs"
          leftSection={<BellIcon />}
        >
          {/* Named by its content, not aria-label: a label that differs from the visible count fails WCAG 2.5.3. */}
          <span aria-hidden>{unread.length || ''}</span>
          <VisuallyHidden>{label}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Notifications">
        <Group justify="space-between" px="sm" py={4}>
          <Text size="sm" fw={700}>
            Notifications
          </Text>
          {unread.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={markRead.isPending}
              onClick={() =>
                markRead.mutate(
                  unread.map((n) => n.id),
                  { onError: (error) => notifyError(error, 'mark the notifications read') },
                )
              }
            >
              Mark all read
            </Button>
          )}
        </Group>
        {notifications.isPending && <Menu.Label>Loading notifications…</Menu.Label>}
        {notifications.error && (
          <Menu.Label>Could not load notifications: {notifications.error.message}</Menu.Label>
        )}
        {notifications.data && list.length === 0 && <Menu.Label>No notifications.</Menu.Label>}
        {list.slice(0, 20).map((n) => (
          <Menu.Item key={n.id} onClick={() => open(n.id, n.link)}>
            <Text size="sm" fw={n.readAt ? 400 : 700}>
              {!n.readAt && <VisuallyHidden>Unread: </VisuallyHidden>}
              {n.message}
            </Text>
            <Text size="xs" c="dimmed">
              {n.createdBy.username ?? 'someone'} · {when(n.createdAt)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A bell drawn inline: emoji fonts are not everywhere. */
function BellIcon() {
  return (
    <svg
      aria-hidden
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
