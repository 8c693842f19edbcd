import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { counted, when } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { userLabel } from '../groups/user-label.ts';
import { useDeleteInactiveUsers, useInactiveUsers } from './use-inactive-users.ts';

/** Users who stopped signing in, and one button to remove them all; shown only when there are some. */
export function InactiveUsersPanel() {
  const inactive = useInactiveUsers();
  const remove = useDeleteInactiveUsers();
  const [confirming, setConfirming] = useState(false);
  const list = inactive.data ?? [];
  if (list.length === 0) return null;
  return (
    <Alert color="yellow" title={`${list.length} inactive ${list.length === 1 ? 'user' : 'users'}`} mb="md">
      <Group justify="space-between" align="flex-start">
        <List size="sm">
          {list.map((user) => (
            <List.Item key={user.id}>
              {userLabel(user)}{' '}
              <Text span size="xs" c="dimmed">
                last seen {when(user.seenAt ?? null)}
              </Text>
            </List.Item>
          ))}
        </List>
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
          Delete inactive users
        </Button>
      </Group>
      {confirming && (
        <ConfirmModal
          opened
          title={`Delete ${list.length} inactive ${list.length === 1 ? 'user' : 'users'}?`}
          confirmLabel="Delete them"
          loading={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(
              list.map((user) => user.id),
              {
                onSuccess: () => {
                  notifySuccess(`Deleted ${counted(list.length, 'inactive user')}`);
                  setConfirming(false);
                },
                onError: (error) => notifyError(error, 'delete the inactive users'),
              },
            )
          }
        >
          <Text size="sm">Their past changes stay in the event log.</Text>
        </ConfirmModal>
      )}
    </Alert>
  );
}
