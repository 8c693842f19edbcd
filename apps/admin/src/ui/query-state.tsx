import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** One loading, error and empty treatment for every screen. */
export function QueryState<T>({
  query,
  label,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  label: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={label} />;
  if (query.error || query.data === undefined)
    return <ErrorState label={label} error={query.error} retry={() => query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState>Nothing here yet.</EmptyState>}</>;
  return <>{children(query.data)}</>;
}

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading {label}…
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({
  label,
  error,
  retry,
}: {
  label: string;
  error: Error | null;
  retry?: () => void;
}) {
  return (
    <Alert color="red" title={`Could not load ${label}`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error?.message ?? 'The server did not answer.'}</Text>
        {retry && (
          <Button size="xs" variant="light" color="red" onClick={retry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Center>
  );
}
