import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ConnectSdkPanel } from './connect-sdk-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'web:development.4f1c2b9e8d7a6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d';
const application = {
  appName: 'web-app',
  description: null,
  url: null,
  color: null,
  icon: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  seenAt: '2026-12-01T10:00:01.000Z',
};

describe('Connect your app', () => {
  it('creates a token for the language, puts it in the snippet, and turns to connected when the SDK reports', async () => {
    let reported = false;
    const { sent } = fakeServer({
      'GET /api/admin/user': { user: { id: 1 }, permissions: [{ permission: 'ADMIN' }] },
      'POST /api/admin/projects/web/api-tokens': {
        secret: SECRET,
        tokenName: 'web-app',
        type: 'client',
        environment: 'development',
        projects: ['web'],
      },
      'GET /api/admin/metrics/applications': () =>
        reported ? { applications: [application], total: 1 } : { applications: [], total: 0 },
      'GET /api/admin/metrics/applications/web-app': {
        ...application,
        instances: [
          {
            instanceId: 'i-1',
            environment: 'development',
            sdkType: 'backend',
            sdkVersion: 'unleash-client-node:6.6.0',
            lastSeen: '2026-12-01T10:00:01.000Z',
            strategies: [],
          },
        ],
        seenToggles: [],
      },
    });
    renderUi(
      <ConnectSdkPanel projectId="web" environments={['development', 'production']} flagName="checkout" />,
    );

    expect(await screen.findByText('Waiting for your SDK to report as “web-app”…')).toBeTruthy();
    expect(screen.getByTestId('connect-snippet').textContent).toContain('Authorization: "<your token>"');
    await userEvent.click(await screen.findByRole('button', { name: 'Create a server SDK token' }));
    await screen.findByText(/^Created\./);
    expect(await sent('POST /api/admin/projects/web/api-tokens')[0]!.json()).toEqual({
      tokenName: 'web-app',
      type: 'client',
      environment: 'development',
    });
    const snippet = screen.getByTestId('connect-snippet').textContent!;
    expect(snippet).toContain(`Authorization: "${SECRET}"`);
    expect(snippet).toContain(`url: "${window.location.origin}/api/"`);
    expect(snippet).toContain('unleash.isEnabled("checkout")');
    expect(screen.getByTestId('connect-token').textContent).toBe(SECRET);

    reported = true;
    expect(await screen.findByText('Connected.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(/unleash-client-node:6\.6\.0 reported from development/)).toBeTruthy();
  });

  it('says who can give a token to someone who may not create one, and which kind a frontend SDK needs', async () => {
    fakeServer({
      'GET /api/admin/user': { user: { id: 2 }, permissions: [] },
      'GET /api/admin/metrics/applications': { applications: [], total: 0 },
    });
    renderUi(<ConnectSdkPanel projectId="web" environments={['development']} />);
    await screen.findByText(/You may not create API tokens in this project/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'React' }));
    await screen.findByText(/Ask a project Owner or an Admin for a frontend token for development/);
    expect(screen.getByTestId('connect-url').textContent).toBe(`${window.location.origin}/api/frontend`);
    expect(screen.getByTestId('connect-install').textContent).toContain('@unleash/proxy-client-react');
    expect(screen.queryByRole('button', { name: /Create a/ })).toBeNull();
  });
});
