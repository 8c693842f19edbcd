import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { buildFlagEnvironment, buildStrategy } from '../../testing/wire-builders.ts';
import { EnvironmentPanel } from '../flags/environment-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const F = '/api/admin/projects/team/features/checkout/environments';
const grants = ['development', 'production'].flatMap((environment) =>
  [
    'UPDATE_FEATURE_ENVIRONMENT',
    'CREATE_FEATURE_STRATEGY',
    'UPDATE_FEATURE_STRATEGY',
    'DELETE_FEATURE_STRATEGY',
  ].map((permission) => ({ permission, project: 'team', environment })),
);

function panel(environment: string) {
  const server = fakeServer({
    'GET /api/admin/user': { user: { id: 2 }, permissions: grants },
    'GET /api/admin/projects/team/change-requests/config': [
      {
        environment: 'development',
        type: 'development',
        changeRequestEnabled: false,
        requiredApprovals: null,
      },
      { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 1 },
    ],
    'POST /api/admin/projects/team/environments/production/change-requests': { id: 1 },
    [`POST ${F}/development/on`]: {},
    [`DELETE ${F}/production/strategies/s1`]: {},
  });
  renderUi(
    <EnvironmentPanel
      projectId="team"
      flagName="checkout"
      environment={buildFlagEnvironment({
        name: environment,
        enabled: false,
        strategies: [buildStrategy({ id: 's1', name: 'default' })],
      })}
      otherEnvironments={[]}
      segments={[]}
      defaultStickiness="default"
      editable
    />,
  );
  return server;
}

describe('flag edits where change requests are on', () => {
  it('drafts the switch in production instead of turning the flag on', async () => {
    const server = panel('production');
    await screen.findByText('Change requests');
    await userEvent.click(screen.getByRole('switch', { name: 'checkout in production' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to draft' }));
    const drafted = 'POST /api/admin/projects/team/environments/production/change-requests';
    await waitFor(() => expect(server.sent(drafted)).toHaveLength(1));
    expect(await server.sent(drafted)[0]!.json()).toEqual({
      feature: 'checkout',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    expect(server.sent(`POST ${F}/production/on`)).toHaveLength(0);
  });

  it('drafts a strategy deletion', async () => {
    const server = panel('production');
    await screen.findByText('Change requests');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to draft' }));
    const drafted = 'POST /api/admin/projects/team/environments/production/change-requests';
    await waitFor(() => expect(server.sent(drafted)).toHaveLength(1));
    expect(await server.sent(drafted)[0]!.json()).toEqual({
      feature: 'checkout',
      action: 'deleteStrategy',
      payload: { id: 's1' },
    });
    expect(server.sent(`DELETE ${F}/production/strategies/s1`)).toHaveLength(0);
  });

  it('writes directly in an environment without change requests', async () => {
    const server = panel('development');
    const toggle = await screen.findByRole('switch', { name: 'checkout in development' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(server.sent(`POST ${F}/development/on`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add to draft' })).toBeNull();
  });
});
