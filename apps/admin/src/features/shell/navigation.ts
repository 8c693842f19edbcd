import type { IconName } from '../../ui/icons.tsx';

/** A sidebar link; `adminOnly` ones are left out for everyone but administrators (the server refuses them anyway). */
export type NavItem = { to: string; label: string; icon: IconName; adminOnly?: boolean };
/** A sidebar section, shown when any of its links is. */
export type NavGroup = { label: string; items: NavItem[] };

const admin = (item: NavItem): NavItem => ({ ...item, adminOnly: true });

/** The sidebar, in order: the one list the navigation and the breadcrumbs read. */
export const NAVIGATION: NavGroup[] = [
  {
    label: 'Flags',
    items: [
      { to: '/personal', label: 'Dashboard', icon: 'dashboard' },
      { to: '/search', label: 'Search', icon: 'search' },
      { to: '/projects', label: 'Projects', icon: 'projects' },
      { to: '/change-requests', label: 'Change requests', icon: 'changeRequests' },
      { to: '/playground', label: 'Playground', icon: 'playground' },
      { to: '/archive', label: 'Archive', icon: 'archive' },
      { to: '/events', label: 'Events', icon: 'events' },
      { to: '/applications', label: 'Applications', icon: 'applications' },
      { to: '/unknown-flags', label: 'Unknown flags', icon: 'unknown' },
      { to: '/impact-metrics', label: 'Impact metrics', icon: 'impactMetrics' },
    ],
  },
  {
    label: 'Configure',
    items: [
      { to: '/segments', label: 'Segments', icon: 'segments' },
      { to: '/context', label: 'Context', icon: 'context' },
      { to: '/strategies', label: 'Strategies', icon: 'strategies' },
      { to: '/environments', label: 'Environments', icon: 'environments' },
      { to: '/flag-types', label: 'Flag types', icon: 'types' },
      { to: '/tags', label: 'Tags', icon: 'tags' },
      { to: '/release-templates', label: 'Release templates', icon: 'releaseTemplates' },
    ],
  },
  {
    label: 'Access',
    items: [
      admin({ to: '/users', label: 'Users', icon: 'users' }),
      admin({ to: '/groups', label: 'Groups', icon: 'groups' }),
      admin({ to: '/roles', label: 'Roles', icon: 'roles' }),
      admin({ to: '/service-accounts', label: 'Service accounts', icon: 'serviceAccounts' }),
      admin({ to: '/api-tokens', label: 'API tokens', icon: 'tokens' }),
      admin({ to: '/single-sign-on', label: 'Single sign-on', icon: 'signOn' }),
      admin({ to: '/scim', label: 'SCIM provisioning', icon: 'sync' }),
      admin({ to: '/access-overview', label: 'Access overview', icon: 'roles' }),
      admin({ to: '/user-sessions', label: 'Sessions', icon: 'users' }),
    ],
  },
  {
    label: 'Instance',
    items: [
      { to: '/integrations', label: 'Integrations', icon: 'integrations' },
      admin({ to: '/signal-endpoints', label: 'Signal endpoints', icon: 'signals' }),
      admin({ to: '/banners', label: 'Banners', icon: 'banners' }),
      admin({ to: '/maintenance', label: 'Maintenance', icon: 'maintenance' }),
      admin({ to: '/cors', label: 'CORS origins', icon: 'origins' }),
      admin({ to: '/login-history', label: 'Login history', icon: 'loginHistory' }),
      admin({ to: '/instance', label: 'Instance statistics', icon: 'stats' }),
    ],
  },
];

/** The section and item a path belongs to, for the breadcrumbs: `/segments` is Configure › Segments. */
export function navigationOf(pathname: string): { group: NavGroup; item: NavItem } | undefined {
  for (const group of NAVIGATION)
    for (const item of group.items)
      if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return { group, item };
  return undefined;
}

/** The groups and links a signed-in user sees. */
export function visibleNavigation(isAdmin: boolean): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => isAdmin || !item.adminOnly),
  })).filter((group) => group.items.length > 0);
}
