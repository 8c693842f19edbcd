import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { InstanceStatsPage } from './instance-stats-page.tsx';
import type { InstanceStats } from './use-instance-stats.ts';

afterEach(() => vi.unstubAllGlobals());

const stats: InstanceStats = {
  instanceId: 'abc-123',
  timestamp: '2026-11-26T10:00:00.000Z',
  users: 42,
  serviceAccounts: 3,
  activeUsers: { last7: 20, last30: 35, last60: 38, last90: 40 },
  productionChanges: { last30: 120, last60: 210, last90: 305 },
  featureToggles: 380,
  archivedFeatureToggles: 95,
  projects: 12,
  contextFields: 9,
  roles: 8,
  customRootRoles: 1,
  customRootRolesInUse: 1,
  groups: 4,
  environments: 3,
  segments: 15,
  strategies: 2,
  clientApps: [
    { range: 'allTime', count: 31 },
    { range: '30d', count: 24 },
    { range: '7d', count: 22 },
  ],
  featureExports: 2,
  featureImports: 1,
  apiTokens: { admin: 2, client: 18, frontend: 5 },
  maxEnvironmentStrategies: 6,
  maxConstraints: 4,
  maxConstraintValues: 250,
  OIDCenabled: true,
  SAMLenabled: false,
  SCIMenabled: false,
  passwordAuthEnabled: true,
  sum: '9c1185a5c5e9fc54612808977ee8f548',
};

it('shows the counts, the activity per period and the CSV download', async () => {
  fakeServer({ 'GET /api/admin/instance-admin/statistics': stats });
  renderUi(<InstanceStatsPage />);
  expect(await screen.findByText('380')).toBeTruthy();
  expect(screen.getByText('Flags')).toBeTruthy();
  const activity = screen.getByRole('table', { name: 'Activity' });
  expect(activity.textContent).toContain('305');
  expect(activity.textContent).toContain('22');
  expect(screen.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toBe(
    '/api/admin/instance-admin/statistics/csv',
  );
  expect(screen.getByText(/Instance abc-123/)).toBeTruthy();
});

it('says when the statistics cannot be read', async () => {
  fakeServer({
    'GET /api/admin/instance-admin/statistics': new Response(
      JSON.stringify({ name: 'NoAccessError', message: 'You need the ADMIN permission to do this' }),
      { status: 403, headers: { 'content-type': 'application/json' } },
    ),
  });
  renderUi(<InstanceStatsPage />);
  expect(await screen.findByText(/ADMIN permission/)).toBeTruthy();
});
