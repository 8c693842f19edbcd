import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { AppLayout } from './app-layout.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 1, username: 'admin', rootRole: 1 }, permissions: [{ permission: 'ADMIN' }] };

describe('the frame around every screen', () => {
  it('has exactly one main landmark, holding the screen', async () => {
    fakeServer({});
    renderUi(
      <MemoryRouter>
        <AppLayout me={me as never}>
          <p>The screen</p>
        </AppLayout>
      </MemoryRouter>,
    );
    const main = await screen.findByRole('main');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(main.textContent).toContain('The screen');
  });
});
