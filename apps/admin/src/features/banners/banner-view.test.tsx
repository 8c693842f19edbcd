import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { BannerView, linkKind, paragraphs, type BannerLook } from './banner-view.tsx';

const look: BannerLook = {
  message: 'Maintenance tonight',
  variant: 'warning',
  icon: null,
  link: null,
  linkText: null,
  dialogTitle: null,
  dialog: null,
};
const show = (banner: BannerLook) =>
  renderUi(
    <MemoryRouter>
      <BannerView banner={banner} />
    </MemoryRouter>,
  );

describe('banner', () => {
  it('tells the kinds of link apart and splits dialog text into paragraphs', () => {
    expect(['', 'dialog', 'https://x.example', '/projects'].map((link) => linkKind(link || null))).toEqual([
      'none',
      'dialog',
      'external',
      'internal',
    ]);
    expect(paragraphs('One\nline\n\n  Two  \n\n\n')).toEqual(['One\nline', 'Two']);
  });

  it('announces warnings as alerts with the variant icon, or without it when the icon is none', () => {
    const { unmount } = show(look);
    const alert = screen.getByRole('alert', { name: 'warning banner' });
    expect(alert.textContent).toContain('⚠');
    unmount();
    show({ ...look, variant: 'success', icon: 'none' });
    expect(screen.getByRole('status', { name: 'success banner' }).textContent).not.toContain('✔');
  });

  it('opens an outside link in a new tab and a path inside the UI in place', () => {
    const { unmount } = show({ ...look, link: 'https://status.example.com', linkText: 'Status' });
    const external = screen.getByRole('link', { name: 'Status' });
    expect(external.getAttribute('href')).toBe('https://status.example.com');
    expect(external.getAttribute('target')).toBe('_blank');
    unmount();
    show({ ...look, link: '/projects/default' });
    const internal = screen.getByRole('link', { name: 'Read more' });
    expect(internal.getAttribute('href')).toBe('/projects/default');
    expect(internal.getAttribute('target')).toBeNull();
  });

  it('opens the dialog with its title and paragraphs, as plain text', async () => {
    show({
      ...look,
      link: 'dialog',
      linkText: 'What changes?',
      dialogTitle: 'Sunday upgrade',
      dialog: 'SDKs keep working.\n\n<b>Editing</b> pauses.',
    });
    expect(screen.queryByText('SDKs keep working.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'What changes?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sunday upgrade' });
    expect(dialog.textContent).toContain('SDKs keep working.');
    expect(dialog.textContent).toContain('<b>Editing</b> pauses.');
    expect(dialog.querySelector('b')).toBeNull();
  });
});
