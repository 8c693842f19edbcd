import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../ui/notify.ts';
import { useRequestAccess } from './use-access-requests.ts';

/**
 * For someone who cannot work in a project: asks its Owner (or an Admin) for access. Asking twice is no error to
 * the person: the server's 409 means a request is already waiting.
 */
export function RequestAccessButton({ projectId }: { projectId: string }) {
  const ask = useRequestAccess();
  const [state, setState] = useState<'sent' | 'pending'>();
  if (state)
    return (
      <Text size="sm" c="dimmed" role="status">
        {state === 'sent' ? 'Request sent' : 'Your request is already pending'}
      </Text>
    );
  return (
    <Button
      variant="default"
      loading={ask.isPending}
      onClick={() =>
        ask.mutate(projectId, {
          onSuccess: () => setState('sent'),
          onError: (error) =>
            error instanceof ApiError && error.status === 409
              ? setState('pending')
              : notifyError(error, `ask for access to ${projectId}`),
        })
      }
    >
      Request access
    </Button>
  );
}
