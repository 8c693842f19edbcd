import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { CreatePatModal } from './create-pat-modal.tsx';
import { dayAfter } from './pat-expiry.ts';

afterEach(() => vi.unstubAllGlobals());

/** Answers the create call as the server does: the token with its secret, once. */
function serverCreating() {
  const fetch = vi.fn(async (request: Request) => {
    const body = await request.clone().json();
    return Response.json(
      { id: 7, ...body, secret: 'user:0123abcd', createdAt: new Date().toISOString(), seenAt: null },
      { status: 201 },
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function chooseCustomDate(date: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Expires' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Custom date' }));
  fireEvent.change(screen.getByLabelText(/^Expiry date/), { target: { value: date } });
}

describe('new personal access token', () => {
  it('refuses a missing description and a past date before asking the server', async () => {
    const fetch = serverCreating();
    renderUi(<CreatePatModal onClose={vi.fn()} />);
    await chooseCustomDate(dayAfter(new Date(), -1));
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Say what will use the token')).toBeTruthy();
    expect(screen.getByText('That date is in the past: pick today or a later day')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the description and the end of the chosen day, then shows the secret once', async () => {
    const fetch = serverCreating();
    renderUi(<CreatePatModal onClose={vi.fn()} />);
    expect(screen.getByText(/^Works until the end of/)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'release pipeline');
    await chooseCustomDate('2099-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect((await screen.findByTestId('token-secret')).textContent).toBe('user:0123abcd');
    expect(screen.getByText('Copy the secret now.')).toBeTruthy();
    expect(screen.getByText(/will not be shown again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    const request = fetch.mock.calls[0]![0];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/api/admin/user/tokens']);
    expect(await request.json()).toEqual({
      description: 'release pipeline',
      expiresAt: new Date(2099, 5, 30, 23, 59, 59).toISOString(),
    });
  });

  it("shows the server's refusal beside the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            id: 'e1',
            name: 'BadDataError',
            message: '"expiresAt" must be in the future',
            details: [{ message: '"expiresAt" must be in the future', path: '/body/expiresAt' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderUi(<CreatePatModal onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'ci');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('"expiresAt" must be in the future')).toBeTruthy();
    expect(screen.queryByTestId('token-secret')).toBeNull();
  });

  it('shows a refusal that names no field above the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { id: 'e2', name: 'NoAccessError', message: 'Only a signed-in user can do this' },
          { status: 403 },
        ),
      ),
    );
    renderUi(<CreatePatModal onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'ci');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only a signed-in user can do this');
  });
});
