import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title, what it is for, and its main buttons on one row. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    // The buttons keep one row and their width; when title and buttons do not fit side by side, the buttons move
    // below the title as a whole instead of breaking into rows beside it.
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 20rem', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }} data-testid="page-actions">
          {actions}
        </Group>
      )}
    </Group>
  );
}
