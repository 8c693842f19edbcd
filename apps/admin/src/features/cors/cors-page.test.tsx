import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { CorsPage } from './cors-page.tsx';
import { parseOrigins } from './use-cors.ts';

afterEach(() => vi.unstubAllGlobals());

const me = {
  user: { id: 1, username: 'admin', rootRole: 1 },
  permissions: [{ permission: 'ADMIN' }],
};

it('shows the origins and saves the edited list, one a line', async () => {
  const server = fakeServer({
    'GET /api/admin/user': me,
    'GET /api/admin/ui-config': { frontendApiOrigins: ['https://shop.example'] },
    'POST /api/admin/ui-config/cors': new Response(null, { status: 204 }),
  });
  renderUi(<CorsPage />);
  const field = (await screen.findByLabelText('Frontend API origins')) as HTMLTextAreaElement;
  expect(field.value).toBe('https://shop.example');
  await waitFor(() => expect(field.disabled).toBe(false));
  fireEvent.change(field, { target: { value: 'https://shop.example\n\n  http://localhost:3000 ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.sent('POST /api/admin/ui-config/cors')).toHaveLength(1));
  const body = await server.sent('POST /api/admin/ui-config/cors')[0]!.json();
  expect(body).toEqual({ frontendApiOrigins: ['https://shop.example', 'http://localhost:3000'] });
});

it('shows the refusal of an origin beside the field', async () => {
  fakeServer({
    'GET /api/admin/user': me,
    'GET /api/admin/ui-config': { frontendApiOrigins: [] },
    'POST /api/admin/ui-config/cors': new Response(
      JSON.stringify({
        name: 'BadDataError',
        message: 'Request validation failed',
        details: [{ path: '/body/frontendApiOrigins/0', message: '"shop" is not an origin' }],
      }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    ),
  });
  renderUi(<CorsPage />);
  const field = (await screen.findByLabelText('Frontend API origins')) as HTMLTextAreaElement;
  await waitFor(() => expect(field.disabled).toBe(false));
  fireEvent.change(field, { target: { value: 'shop' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('"shop" is not an origin')).toBeTruthy();
});

it('reads one origin a line', () => {
  expect(parseOrigins(' a \n\nb\n')).toEqual(['a', 'b']);
});
