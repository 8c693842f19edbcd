import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ChangePasswordModal, newPasswordProblems, SetPasswordModal } from './password-modals.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Stands in for the server; the password strength check always passes, and `sent()` leaves it out. */
function answer(reply: () => Response) {
  const fetch = vi.fn(async (request: Request) =>
    request.url.endsWith('/validate-password') ? new Response(null, { status: 200 }) : reply(),
  );
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    fetch.mock.calls
      .map(([request]) => request)
      .filter((request) => !request.url.endsWith('/validate-password'));
  return { fetch, sent };
}

describe('password forms', () => {
  it('checks length first, then that both entries match', () => {
    expect(newPasswordProblems('short', 'short')).toEqual({ password: 'At least 8 characters' });
    expect(newPasswordProblems('long enough', 'long enougH')).toEqual({
      confirmPassword: 'Type the same password twice',
    });
    expect(newPasswordProblems('long enough', 'long enough')).toEqual({});
  });

  it('shows a wrong current password next to its field and stays open', async () => {
    const { sent } = answer(() =>
      Response.json(
        {
          name: 'BadDataError',
          message: 'The current password is wrong',
          details: [{ path: '/body/oldPassword', message: '"oldPassword" must be your current password' }],
        },
        { status: 400 },
      ),
    );
    const onClose = vi.fn();
    renderUi(<ChangePasswordModal onClose={onClose} />);

    const fresh = screen.getByLabelText(/^New password$/);
    await userEvent.type(fresh, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Your current password is required')).toBeTruthy();
    expect(
      screen.getByText('At least 8 characters', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(sent()).toEqual([]);

    await userEvent.type(screen.getByLabelText('Current password'), 'guessing-wrong');
    await userEvent.clear(fresh);
    await userEvent.type(fresh, 'brand-new-secret');
    await userEvent.type(screen.getByLabelText('New password again'), 'brand-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('"oldPassword" must be your current password')).toBeTruthy();
    // Shown under the field it is about, not as a general error.
    expect(current.closest('.mantine-InputWrapper-root')?.textContent).toContain(
      'must be your current password',
    );
    expect(await sent()[0]!.json()).toEqual({
      oldPassword: 'guessing-wrong',
      password: 'brand-new-secret',
      confirmPassword: 'brand-new-secret',
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sets another user's password and closes", async () => {
    const { sent } = answer(() => new Response(null, { status: 200 }));
    const onClose = vi.fn();
    renderUi(<SetPasswordModal user={{ id: 7, label: 'Vera' }} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/^New password$/), 'fresh-password-1');
    await userEvent.type(screen.getByLabelText('New password again'), 'fresh-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = sent()[0]!;
    expect(new URL(request.url).pathname).toBe('/api/admin/user-admin/7/change-password');
    expect(await request.json()).toEqual({ password: 'fresh-password-1' });
  });
});
