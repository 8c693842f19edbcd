import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '../../api/wire.ts';
import { renderUi } from '../../testing/render.tsx';
import {
  BannerFormModal,
  bannerBody,
  bannerFormProblems,
  emptyBannerForm,
  formOf,
} from './banner-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const saved: Banner = {
  id: 7,
  message: 'Release freeze',
  enabled: false,
  variant: 'warning',
  sticky: true,
  icon: 'none',
  link: 'dialog',
  linkText: 'Why?',
  dialogTitle: 'Freeze',
  dialog: 'Until Monday.',
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('banner form rules', () => {
  it('wants a message, a link the server accepts, and dialog text for a dialog link', () => {
    expect(bannerFormProblems(emptyBannerForm)).toEqual({ message: 'A message is required' });
    const form = { ...emptyBannerForm, message: 'Hi' };
    expect(bannerFormProblems({ ...form, link: 'javascript:alert(1)' })).toEqual({
      link: 'An http(s) URL, a path starting with /, or "dialog"',
    });
    expect(bannerFormProblems({ ...form, link: 'dialog' })).toEqual({ dialog: 'The dialog needs some text' });
    expect(bannerFormProblems({ ...form, link: 'https://status.example.com' })).toEqual({});
    expect(bannerFormProblems({ ...form, link: '/projects/default' })).toEqual({});
  });

  it('clears emptied fields and drops dialog text when the link is no longer a dialog', () => {
    const form = { ...formOf(saved), link: 'https://example.com/freeze', linkText: '  ' };
    expect(bannerBody(form)).toEqual({
      message: 'Release freeze',
      variant: 'warning',
      sticky: true,
      icon: 'none',
      link: 'https://example.com/freeze',
      linkText: null,
      dialogTitle: null,
      dialog: null,
    });
  });
});

describe('banner form', () => {
  it('checks before sending, previews the banner, and creates it', async () => {
    const fetch = vi.fn(async (_request: Request) => Response.json({ ...saved, id: 8 }, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderUi(
      <MemoryRouter>
        <BannerFormModal onClose={onClose} />
      </MemoryRouter>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(screen.getByText('A message is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Upgrade on Sunday');
    await userEvent.type(screen.getByRole('textbox', { name: /^Link/ }), 'dialog');
    await userEvent.type(screen.getByRole('textbox', { name: /^Link text/ }), 'Details');
    await userEvent.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(screen.getByText('The dialog needs some text')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /^Dialog text/ }), 'Editing pauses.');
    const preview = screen.getByRole('status', { name: 'info banner' });
    expect(preview.textContent).toContain('Upgrade on Sunday');
    expect(preview.textContent).toContain('Details');
    await userEvent.click(screen.getByRole('button', { name: 'Create banner' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = fetch.mock.calls[0]![0];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/api/admin/banners']);
    expect(await request.json()).toEqual({
      message: 'Upgrade on Sunday',
      variant: 'info',
      sticky: false,
      icon: null,
      link: 'dialog',
      linkText: 'Details',
      dialogTitle: null,
      dialog: 'Editing pauses.',
    });
  });

  it('edits without touching enabled, and shows the field the server refused', async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json(
        {
          name: 'BadDataError',
          message: 'Request body is invalid',
          details: [{ message: 'must match the link pattern', path: '/body/link' }],
        },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderUi(
      <MemoryRouter>
        <BannerFormModal banner={saved} onClose={onClose} />
      </MemoryRouter>,
    );
    const message = screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement;
    expect(message.value).toBe('Release freeze');
    await userEvent.clear(message);
    await userEvent.type(message, 'Freeze is over');
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));

    expect(await screen.findByText('must match the link pattern')).toBeTruthy();
    const request = fetch.mock.calls[0]![0];
    expect([request.method, new URL(request.url).pathname]).toEqual(['PUT', '/api/admin/banners/7']);
    const body = await request.json();
    expect(body.message).toBe('Freeze is over');
    expect(body).not.toHaveProperty('enabled');
    expect(message.value).toBe('Freeze is over');
    expect(onClose).not.toHaveBeenCalled();
  });
});
