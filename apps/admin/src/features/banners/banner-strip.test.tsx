import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { BannerStrip } from './banner-strip.tsx';

afterEach(() => vi.unstubAllGlobals());

const banner = (id: number, message: string, extra: Record<string, unknown> = {}) => ({
  id,
  message,
  enabled: true,
  variant: 'info',
  sticky: false,
  icon: null,
  link: null,
  linkText: null,
  dialogTitle: null,
  dialog: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});

function serve(banners: unknown[], maintenance: boolean) {
  const fetch = vi.fn(async (request: Request) =>
    new URL(request.url).pathname === '/api/admin/maintenance'
      ? Response.json({ enabled: maintenance })
      : Response.json({ banners }),
  );
  vi.stubGlobal('fetch', fetch);
  renderUi(
    <MemoryRouter>
      <BannerStrip />
    </MemoryRouter>,
  );
  return fetch;
}

describe('banner strip', () => {
  it('shows enabled banners only, sticky ones first, and the maintenance notice above all', async () => {
    serve(
      [
        banner(1, 'Oldest plain'),
        banner(2, 'Hidden one', { enabled: false }),
        banner(3, 'Sticky one', { sticky: true, variant: 'warning' }),
      ],
      true,
    );
    const region = await screen.findByRole('region', { name: 'Announcements' });
    await vi.waitFor(() => expect(region.textContent).toContain('Maintenance mode is on'));
    const text = region.textContent!;
    expect(text).not.toContain('Hidden one');
    expect(text.indexOf('Maintenance mode is on')).toBeLessThan(text.indexOf('Sticky one'));
    expect(text.indexOf('Sticky one')).toBeLessThan(text.indexOf('Oldest plain'));
    expect(screen.getByTestId('sticky-banners').textContent).toContain('Sticky one');
  });

  it('shows nothing when there is nothing to announce', async () => {
    const fetch = serve([banner(1, 'Off', { enabled: false })], false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    expect(screen.queryByText('Off')).toBeNull();
  });
});
