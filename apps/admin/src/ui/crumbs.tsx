import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: ReactNode; to?: string };

/** Where a screen sits: each step a link back, the last one the current page. */
export function Crumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="xs">
        {items.map((crumb, index) =>
          crumb.to && index < items.length - 1 ? (
            <Anchor key={index} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={index}
              size="sm"
              c={index < items.length - 1 ? 'dimmed' : undefined}
              aria-current={index === items.length - 1 ? 'page' : undefined}
            >
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
