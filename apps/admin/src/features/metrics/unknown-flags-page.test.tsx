import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { UnknownFlagsPage } from './unknown-flags-page.tsx';

afterEach(() => vi.unstubAllGlobals());

it('lists the names applications asked for, with application and environment', async () => {
  fakeServer({
    'GET /api/admin/metrics/unknown-flags': {
      unknownFlags: [
        {
          name: 'chekout-typo',
          appName: 'checkout',
          environment: 'production',
          seenAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
  });
  renderUi(<UnknownFlagsPage />);
  expect(await screen.findByText('chekout-typo')).toBeTruthy();
  expect(screen.getByText('checkout')).toBeTruthy();
  expect(screen.getByText('production')).toBeTruthy();
});

it('says when there is none', async () => {
  fakeServer({ 'GET /api/admin/metrics/unknown-flags': { unknownFlags: [] } });
  renderUi(<UnknownFlagsPage />);
  expect(await screen.findByText(/No application asked/)).toBeTruthy();
});
