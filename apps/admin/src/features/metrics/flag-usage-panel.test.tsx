import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { FlagUsagePanel } from './flag-usage-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const hour = new Date(Math.floor(Date.now() / 3600_000) * 3600_000).toISOString();
const show = (data: unknown[]) => {
  const fetch = vi.fn(async (_request: Request) => Response.json({ featureName: 'checkout', data }));
  vi.stubGlobal('fetch', fetch);
  renderUi(
    <MemoryRouter>
      <FlagUsagePanel flagName="checkout" />
    </MemoryRouter>,
  );
  return fetch;
};

describe('flag usage panel', () => {
  it('says when no SDK reported the flag', async () => {
    const fetch = show([]);
    expect(await screen.findByText(/No SDK reported evaluating checkout/)).toBeTruthy();
    expect(new URL(fetch.mock.calls[0]![0].url).pathname).toBe(
      '/api/admin/client-metrics/features/checkout/raw',
    );
  });

  it('shows totals per environment, the chart for the chosen one, variants and applications', async () => {
    show([
      {
        featureName: 'checkout',
        appName: 'shop',
        environment: 'production',
        timestamp: hour,
        yes: 30,
        no: 10,
        variants: { blue: 30 },
      },
      {
        featureName: 'checkout',
        appName: 'web',
        environment: 'development',
        timestamp: hour,
        yes: 1,
        no: 3,
        variants: {},
      },
    ]);
    const production = await screen.findByRole('row', { name: /production/ });
    expect(production.textContent).toContain('75% on');
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('31 on and 13 off');
    expect(screen.getByText('blue 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'web' }).getAttribute('href')).toBe('/applications/web');

    await userEvent.click(screen.getByRole('radio', { name: 'development' }));
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /checkout in development: 1 on and 3 off/,
    );
    expect(screen.queryByText('blue 30')).toBeNull();
  });
});
