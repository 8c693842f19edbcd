import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { CreateUserModal, userFormProblems } from './create-user-modal.tsx';

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

describe('new user form', () => {
  it('asks for a username or an email and a password of 8 characters or more', () => {
    const empty = { name: 'Vera', username: '', email: '', password: 'short', rootRole: '3' };
    expect(userFormProblems(empty)).toEqual({
      username: 'A username or an email is required',
      password: 'At least 8 characters',
    });
    expect(userFormProblems({ ...empty, email: 'vera@example.com', password: 'long enough' })).toEqual({});
  });

  it('sends the user with the chosen role, and shows a refusal without losing the input', async () => {
    const { sent } = answer(() =>
      Response.json(
        {
          name: 'NameExistsError',
          message: 'A user with that username or email already exists',
          details: [],
        },
        { status: 409 },
      ),
    );
    const onClose = vi.fn();
    renderUi(<CreateUserModal onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByText('A username or an email is required')).toBeTruthy();
    expect(sent()).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Vera Viewer');
    await userEvent.type(screen.getByRole('textbox', { name: /^Username/ }), 'vera');
    await userEvent.type(screen.getByLabelText(/^Password/), 'viewer-password-1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('A user with that username or email already exists')).toBeTruthy();
    expect(await sent()[0]!.json()).toEqual({
      name: 'Vera Viewer',
      username: 'vera',
      password: 'viewer-password-1',
      rootRole: 2,
    });
    expect((screen.getByRole('textbox', { name: /^Username/ }) as HTMLInputElement).value).toBe('vera');
    expect(onClose).not.toHaveBeenCalled();
  });
});
