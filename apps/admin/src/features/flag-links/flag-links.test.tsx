import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { FlagLinks } from './flag-links.tsx';

afterEach(() => vi.unstubAllGlobals());

const base = '/api/admin/projects/web/features/checkout/link';

describe('flag links', () => {
  it('adds a link with a title and removes another', async () => {
    const server = fakeServer({
      [`POST ${base}`]: () => new Response(null, { status: 201 }),
      [`DELETE ${base}/l1`]: () => new Response(null, { status: 200 }),
    });
    renderUi(
      <FlagLinks
        canEdit
        flag={{
          project: 'web',
          name: 'checkout',
          links: [{ id: 'l1', url: 'https://old.example', title: null }],
        }}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'https://tracker.example/42');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Ticket');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add link' }).at(-1)!);
    await waitFor(() => expect(server.sent(`POST ${base}`)).toHaveLength(1));
    expect(await server.sent(`POST ${base}`)[0]!.json()).toEqual({
      url: 'https://tracker.example/42',
      title: 'Ticket',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove link https://old.example' }));
    await waitFor(() => expect(server.sent(`DELETE ${base}/l1`)).toHaveLength(1));
  });

  it('shows the links without edit controls to those who may not edit', () => {
    renderUi(
      <FlagLinks
        canEdit={false}
        flag={{
          project: 'web',
          name: 'checkout',
          links: [{ id: 'l1', url: 'https://a.example', title: 'Spec' }],
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Spec' }).getAttribute('href')).toBe('https://a.example');
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
  });
});
