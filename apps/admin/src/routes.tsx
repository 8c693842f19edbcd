import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PERSONAL_ACCESS_TOKENS_PATH } from './features/personal-access-tokens/personal-access-tokens-path.ts';
import { NotFound } from './ui/not-found.tsx';

/** Each screen is its own chunk, so the first page loads only the shell. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ProjectListPage = page(() => import('./features/projects/project-list-page.tsx'), 'ProjectListPage');
const ProjectPage = page(() => import('./features/projects/project-page.tsx'), 'ProjectPage');
const ChangeRequestPage = page(
  () => import('./features/change-requests/change-request-page.tsx'),
  'ChangeRequestPage',
);
const AllChangeRequestsPage = page(
  () => import('./features/change-requests/all-change-requests-page.tsx'),
  'AllChangeRequestsPage',
);
const FlagPage = page(() => import('./features/flags/flag-page.tsx'), 'FlagPage');
const SegmentsPage = page(() => import('./features/segments/segments-page.tsx'), 'SegmentsPage');
const ContextFieldsPage = page(
  () => import('./features/context/context-fields-page.tsx'),
  'ContextFieldsPage',
);
const StrategyDefinitionsPage = page(
  () => import('./features/strategies/strategy-definitions-page.tsx'),
  'StrategyDefinitionsPage',
);
const EnvironmentsPage = page(
  () => import('./features/environments/environments-page.tsx'),
  'EnvironmentsPage',
);
const FlagTypesPage = page(() => import('./features/flag-types/flag-types-page.tsx'), 'FlagTypesPage');
const TagsPage = page(() => import('./features/tags/tags-page.tsx'), 'TagsPage');
const ApiTokensPage = page(() => import('./features/api-tokens/api-tokens-page.tsx'), 'ApiTokensPage');
const UsersPage = page(() => import('./features/users/users-page.tsx'), 'UsersPage');
const ServiceAccountsPage = page(
  () => import('./features/service-accounts/service-accounts-page.tsx'),
  'ServiceAccountsPage',
);
const RolesPage = page(() => import('./features/roles/roles-page.tsx'), 'RolesPage');
const GroupsPage = page(() => import('./features/groups/groups-page.tsx'), 'GroupsPage');
const ApplicationsPage = page(() => import('./features/metrics/applications-page.tsx'), 'ApplicationsPage');
const ApplicationPage = page(() => import('./features/metrics/application-page.tsx'), 'ApplicationPage');
const InstanceStatsPage = page(
  () => import('./features/instance-admin/instance-stats-page.tsx'),
  'InstanceStatsPage',
);
const MaintenancePage = page(() => import('./features/maintenance/maintenance-page.tsx'), 'MaintenancePage');
const CorsPage = page(() => import('./features/cors/cors-page.tsx'), 'CorsPage');
const UnknownFlagsPage = page(() => import('./features/metrics/unknown-flags-page.tsx'), 'UnknownFlagsPage');
const IntegrationsPage = page(
  () => import('./features/integrations/integrations-page.tsx'),
  'IntegrationsPage',
);
const SignalEndpointsPage = page(
  () => import('./features/signals/signal-endpoints-page.tsx'),
  'SignalEndpointsPage',
);
const BannersPage = page(() => import('./features/banners/banners-page.tsx'), 'BannersPage');
const ArchivePage = page(() => import('./features/archive/archive-page.tsx'), 'ArchivePage');
const EventsPage = page(() => import('./features/events/events-page.tsx'), 'EventsPage');
const PersonalAccessTokensPage = page(
  () => import('./features/personal-access-tokens/personal-access-tokens-page.tsx'),
  'PersonalAccessTokensPage',
);
const SsoSettingsPage = page(() => import('./features/sso/sso-settings-page.tsx'), 'SsoSettingsPage');
const LoginHistoryPage = page(
  () => import('./features/login-history/login-history-page.tsx'),
  'LoginHistoryPage',
);
const ProfilePage = page(() => import('./features/profile/profile-page.tsx'), 'ProfilePage');
const ScimSettingsPage = page(() => import('./features/scim/scim-settings-page.tsx'), 'ScimSettingsPage');
const SearchPage = page(() => import('./features/search/search-page.tsx'), 'SearchPage');
const PersonalDashboardPage = page(
  () => import('./features/personal-dashboard/personal-dashboard-page.tsx'),
  'PersonalDashboardPage',
);
const UserSessionsPage = page(() => import('./features/users/user-sessions-page.tsx'), 'UserSessionsPage');
const AccessOverviewPage = page(
  () => import('./features/users/access-overview-page.tsx'),
  'AccessOverviewPage',
);
const LatestEventsPage = page(() => import('./features/events/latest-events-page.tsx'), 'LatestEventsPage');
const SignalsPage = page(() => import('./features/signals/signals-page.tsx'), 'SignalsPage');
const ReleaseTemplatesPage = page(
  () => import('./features/release-templates/release-templates-page.tsx'),
  'ReleaseTemplatesPage',
);
const ReleaseTemplatePage = page(
  () => import('./features/release-templates/release-template-page.tsx'),
  'ReleaseTemplatePage',
);
const ImpactMetricsPage = page(
  () => import('./features/impact-metrics/impact-metrics-page.tsx'),
  'ImpactMetricsPage',
);
const PlaygroundPage = page(() => import('./features/playground/playground-page.tsx'), 'PlaygroundPage');

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/projects" replace />} />
      <Route path="/personal" element={<PersonalDashboardPage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="/projects" element={<ProjectListPage />} />
      <Route path="/projects/:projectId" element={<ProjectPage />} />
      <Route path="/projects/:projectId/:tab" element={<ProjectPage />} />
      <Route path="/projects/:projectId/flags/:flagName" element={<FlagPage />} />
      <Route path="/projects/:projectId/change-requests/:id" element={<ChangeRequestPage />} />
      <Route path="/change-requests" element={<AllChangeRequestsPage />} />
      <Route path="/segments" element={<SegmentsPage />} />
      <Route path="/context" element={<ContextFieldsPage />} />
      <Route path="/strategies" element={<StrategyDefinitionsPage />} />
      <Route path="/environments" element={<EnvironmentsPage />} />
      <Route path="/flag-types" element={<FlagTypesPage />} />
      <Route path="/tags" element={<TagsPage />} />
      <Route path="/release-templates" element={<ReleaseTemplatesPage />} />
      <Route path="/release-templates/:templateId" element={<ReleaseTemplatePage />} />
      <Route path="/impact-metrics" element={<ImpactMetricsPage />} />
      <Route path="/api-tokens" element={<ApiTokensPage />} />
      <Route path="/users" element={<UsersPage />} />
      <Route path="/roles" element={<RolesPage />} />
      <Route path="/groups" element={<GroupsPage />} />
      <Route path="/applications" element={<ApplicationsPage />} />
      <Route path="/applications/:appName" element={<ApplicationPage />} />
      <Route path="/service-accounts" element={<ServiceAccountsPage />} />
      <Route path="/maintenance" element={<MaintenancePage />} />
      <Route path="/cors" element={<CorsPage />} />
      <Route path="/unknown-flags" element={<UnknownFlagsPage />} />
      <Route path="/instance" element={<InstanceStatsPage />} />
      <Route path="/integrations" element={<IntegrationsPage />} />
      <Route path="/signal-endpoints" element={<SignalEndpointsPage />} />
      <Route path="/banners" element={<BannersPage />} />
      <Route path="/archive" element={<ArchivePage />} />
      <Route path="/events" element={<EventsPage />} />
      <Route path="/login-history" element={<LoginHistoryPage />} />
      <Route path="/single-sign-on" element={<SsoSettingsPage />} />
      <Route path="/scim" element={<ScimSettingsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/playground" element={<PlaygroundPage />} />
      <Route path={PERSONAL_ACCESS_TOKENS_PATH} element={<PersonalAccessTokensPage />} />
      <Route path="/user-sessions" element={<UserSessionsPage />} />
      <Route path="/access-overview" element={<AccessOverviewPage />} />
      <Route path="/events/latest" element={<LatestEventsPage />} />
      <Route path="/signals" element={<SignalsPage />} />
      <Route path="*" element={<NotFound>There is no page at this address.</NotFound>} />
    </Routes>
  );
}
