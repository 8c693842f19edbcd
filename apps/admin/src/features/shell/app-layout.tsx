import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState, type ReactNode } from 'react';
import { NavLink as RouterLink } from 'react-router';
import type { Me } from '../../api/wire.ts';
import { Loading } from '../../ui/query-state.tsx';
import { BannerStrip } from '../banners/banner-strip.tsx';
import { CommandMenu } from '../command-menu/command-menu.tsx';
import { NotificationMenu } from '../notifications/notification-menu.tsx';
import { PERSONAL_ACCESS_TOKENS_PATH } from '../personal-access-tokens/personal-access-tokens-path.ts';
import { canFrom } from '../session/use-permissions.ts';
import { AppNav, SectionCrumbs } from './app-nav.tsx';
import { useLogout } from '../session/use-session.ts';
import { ChangePasswordModal } from '../users/password-modals.tsx';

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
            <CommandMenu />
            <ThemeToggle />
            <NotificationMenu />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <AppNav isAdmin={isAdmin} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* AppShell.Main is the page's one <main> landmark; nothing inside may open another. */}
        <BannerStrip />
        <SectionCrumbs />
        <Suspense fallback={<Loading label="screen" />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
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
