import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { when } from '../../ui/format.ts';
import { useSdkConnection } from './use-sdk-connection.ts';

/** The live line under the snippet: waiting until an SDK reports as `appName`, then what connected. */
export function ConnectionStatus({ appName }: { appName: string }) {
  const connection = useSdkConnection(appName, true);
  if (connection.state === 'error')
    return (
      <Alert color="red" role="alert" title="Could not check the connection">
        <Group justify="space-between">
          <Text size="sm">{connection.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={connection.retry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  return (
    <div role="status" aria-live="polite" data-testid="connect-status">
      {connection.state === 'waiting' ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Waiting for your SDK to report as “{appName}”…</Text>
        </Group>
      ) : (
        // No coloured title: the words lead in bold, as light green headings fall short of AA contrast.
        <Alert color="green">
          <Text size="sm">
            <b>Connected.</b> {connection.sdk} reported from {connection.environment}, last at{' '}
            {when(connection.lastSeen)}.
          </Text>
        </Alert>
      )}
    </div>
  );
}
