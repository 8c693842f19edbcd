import { NavLink, ScrollArea, Text } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { Crumbs } from '../../ui/crumbs.tsx';
import { Icon } from '../../ui/icons.tsx';
import { navigationOf, visibleNavigation } from './navigation.ts';

/** The sidebar: a labelled group of links with icons per section. */
export function AppNav({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea>
      {visibleNavigation(isAdmin).map((group) => {
        const heading = `nav-${group.label.toLowerCase()}`;
        return (
          <div key={group.label} role="group" aria-labelledby={heading}>
            <Text id={heading} size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
              {group.label}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.to}
                component={RouterLink}
                to={item.to}
                label={item.label}
                leftSection={<Icon name={item.icon} />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={onNavigate}
              />
            ))}
          </div>
        );
      })}
    </ScrollArea>
  );
}

/**
 * Breadcrumbs for a screen the sidebar links to ("Configure / Segments"). Screens deeper down (a project, a flag)
 * draw their own, naming what they show.
 */
export function SectionCrumbs() {
  const { pathname } = useLocation();
  const place = navigationOf(pathname);
  if (!place || place.item.to !== pathname) return null;
  return <Crumbs items={[{ label: place.group.label }, { label: place.item.label }]} />;
}
