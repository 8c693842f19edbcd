import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { buildFlagEnvironment, buildStrategy } from '../../testing/wire-builders.ts';
import { EnvironmentPanel } from './environment-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

type Grant = { permission: string; project?: string; environment?: string };

function signedInWith(permissions: Grant[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) =>
      new URL(request.url).pathname === '/api/admin/user'
        ? Response.json({ user: { id: 2 }, permissions })
        : new Response(null, { status: 404 }),
    ),
  );
}

const strategy = buildStrategy({ id: 's1', name: 'default' });

function renderPanel(environment: string, editable = true) {
  return renderUi(
    <EnvironmentPanel
      projectId="team"
      flagName="checkout"
      environment={buildFlagEnvironment({ name: environment, enabled: false, strategies: [strategy] })}
      otherEnvironments={['development', 'production'].filter((name) => name !== environment)}
      segments={[]}
      defaultStickiness="default"
      editable={editable}
    />,
  );
}

describe('an environment of a flag, for a caller with some rights', () => {
  const rights: Grant[] = [
    { permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'team', environment: 'development' },
    { permission: 'CREATE_FEATURE_STRATEGY', project: 'team', environment: 'development' },
    { permission: 'DELETE_FEATURE_STRATEGY', project: 'team', environment: 'development' },
  ];

  it('offers the switch and the strategy actions the caller holds in that environment', async () => {
    signedInWith(rights);
    renderPanel('development');
    const panel = screen.getByRole('region', { name: 'Environment development' });
    expect(await within(panel).findByRole('button', { name: 'Add strategy' })).toBeTruthy();
    // The card names a built-in strategy as the picker does, not by its wire name.
    expect(within(panel).getByText('1. Standard')).toBeTruthy();
    expect(within(panel).getByRole('switch', { name: 'checkout in development' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(panel).getByRole('button', { name: 'Delete' })).toBeTruthy();
    // No UPDATE_FEATURE_STRATEGY: no edit, reorder or pause; and no copy, since production takes no new ones.
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Move strategy 1 down' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Copy strategies/ })).toBeNull();
  });

  it('disables the switch and hides the actions in an environment where the caller holds nothing', async () => {
    signedInWith(rights);
    renderPanel('production');
    const panel = screen.getByRole('region', { name: 'Environment production' });
    // The session answers asynchronously; the copy menu appears once it has, since development takes strategies.
    expect(await within(panel).findByRole('button', { name: /Copy strategies/ })).toBeTruthy();
    expect(within(panel).getByRole('switch', { name: 'checkout in production' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(panel).queryByRole('button', { name: 'Add strategy' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('changes nothing in an archived flag, even for an admin', async () => {
    signedInWith([{ permission: 'ADMIN' }]);
    renderPanel('development', false);
    const panel = screen.getByRole('region', { name: 'Environment development' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(panel).getByRole('switch', { name: 'checkout in development' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(panel).queryByRole('button', { name: 'Add strategy' })).toBeNull();
  });
});
