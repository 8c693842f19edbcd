import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState, type ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import type { Me } from '../../api/types.ts';
import { Loading } from '../../ui/query-state.tsx';
import { BannerStrip } from '../banners/banner-strip.tsx';
import { NotificationMenu } from '../notifications/notification-menu.tsx';
import { PERSONAL_ACCESS_TOKENS_PATH } from '../personal-access-tokens/personal-access-tokens-path.ts';
import { canFrom } from '../session/use-permissions.ts';
import { useLogout } from '../session/use-session.ts';
import { ChangePasswordModal } from '../users/password-modals.tsx';

const NAV: { to: string; label: string }[] = [
  { to: '/projects', label: 'Projects' },
  { to: '/segments', label: 'Segments' },
  { to: '/context', label: 'Context' },
  { to: '/strategies', label: 'Strategies' },
  { to: '/environments', label: 'Environments' },
  { to: '/flag-types', label: 'Flag types' },
  { to: '/tags', label: 'Tags' },
  { to: '/applications', label: 'Applications' },
  { to: '/unknown-flags', label: 'Unknown flags' },
  { to: '/api-tokens', label: 'API tokens' },
  { to: '/users', label: 'Users' },
  { to: '/service-accounts', label: 'Service accounts' },
  { to: '/roles', label: 'Roles' },
  { to: '/groups', label: 'Groups' },
  { to: '/integrations', label: 'Integrations' },
  { to: '/signal-endpoints', label: 'Signal endpoints' },
  { to: '/banners', label: 'Banners' },
  { to: '/maintenance', label: 'Maintenance' },
  { to: '/cors', label: 'CORS origins' },
  { to: '/instance', label: 'Instance statistics' },
  { to: '/login-history', label: 'Login history' },
  { to: '/single-sign-on', label: 'Single sign-on' },
  { to: '/scim', label: 'SCIM provisioning' },
  { to: '/archive', label: 'Archive' },
  { to: '/events', label: 'Events' },
  { to: '/playground', label: 'Playground' },
];

/** Screens only administrators can use: grouped under "Admin settings" and left out for everyone else. */
const ADMIN_ONLY = new Set([
  '/api-tokens',
  '/users',
  '/roles',
  '/groups',
  '/service-accounts',
  '/banners',
  '/maintenance',
  '/cors',
  '/instance',
  '/login-history',
  '/single-sign-on',
  '/signal-endpoints',
  '/scim',
]);

/** The frame around every signed-in screen: navigation, theme switch and the user's menu. */
export function AppLayout({ me, children }: { me: Me; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const isAdmin = canFrom(me)('ADMIN');
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text fw={700} size="lg" component={RouterLink} to="/projects" c="inherit" td="none">
              Switchyard
            </Text>
          </Group>
          <Group gap="xs">
            <ThemeToggle />
            <NotificationMenu />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <ScrollArea>
          <NavItems items={NAV.filter((item) => !ADMIN_ONLY.has(item.to))} onClick={close} />
          {isAdmin && (
            <div role="group" aria-labelledby="admin-settings-heading">
              <Text id="admin-settings-heading" size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" px="sm">
                Admin settings
              </Text>
              <NavItems items={NAV.filter((item) => ADMIN_ONLY.has(item.to))} onClick={close} />
            </div>
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <BannerStrip />
        <main>
          <Suspense fallback={<Loading label="screen" />}>{children}</Suspense>
        </main>
      </AppShell.Main>
    </AppShell>
  );
}

function NavItems({ items, onClick }: { items: { to: string; label: string }[]; onClick: () => void }) {
  const location = useLocation();
  return items.map((item) => (
    <NavLink
      key={item.to}
      component={RouterLink}
      to={item.to}
      label={item.label}
      active={location.pathname.startsWith(item.to)}
      onClick={onClick}
    />
  ));
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Switch to ${next} theme`}
        onClick={() => setColorScheme(next)}
      >
        <span aria-hidden>{scheme === 'dark' ? '☀' : '☾'}</span>
      </ActionIcon>
    </Tooltip>
  );
}

function UserMenu({ me }: { me: Me }) {
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  const display = me.user.name ?? me.user.username ?? me.user.email ?? 'You';
  return (
    <>
      {changingPassword && <ChangePasswordModal onClose={() => setChangingPassword(false)} />}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton>
            <Group gap={6}>
              <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
                {display.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm">{display}</Text>
              <VisuallyHidden>(user menu)</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {me.user.username ?? me.user.email} · {me.user.rootRoleName}
          </Menu.Label>
          <Menu.Item component={RouterLink} to="/profile">
            Profile and sessions
          </Menu.Item>
          <Menu.Item component={RouterLink} to={PERSONAL_ACCESS_TOKENS_PATH}>
            Personal access tokens
          </Menu.Item>
          <Menu.Item onClick={() => setChangingPassword(true)}>Change password</Menu.Item>
          <Menu.Item onClick={() => logout.mutate()}>Sign out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
