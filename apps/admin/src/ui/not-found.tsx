import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';

/** True when the server answered that the thing asked for does not exist. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A screen for an address that names nothing: says what is missing and offers a way back. */
export function NotFound({
  title = 'Page not found',
  children,
  back = { to: '/projects', label: 'Go to projects' },
}: {
  title?: string;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
      <Button component={Link} to={back.to} variant="default">
        {back.label}
      </Button>
    </Stack>
  );
}
