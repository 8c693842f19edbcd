import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetLinkModal } from './reset-link-modal.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const refused = (status: number, body: object) => () => Response.json(body, { status });

describe('forgot password', () => {
  it('asks for a link and answers alike for every address', async () => {
    const server = fakeServer({
      'POST /auth/reset/password-email': { emailEnabled: true },
    });
    renderUi(<ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(screen.getByText('An email address such as you@example.com')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'vera@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain('If an account uses vera@example.com');
    expect(await server.sent('POST /auth/reset/password-email')[0]!.json()).toEqual({
      email: 'vera@example.com',
    });
  });

  it('says no email is coming when the server sends none', async () => {
    fakeServer({ 'POST /auth/reset/password-email': { emailEnabled: false } });
    renderUi(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'vera@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('No email sent');
    expect(status.textContent).not.toContain('Check your email');
    expect(status.textContent).toContain('Ask a Switchyard administrator');
  });

  it('says when there were too many requests', async () => {
    fakeServer({
      'POST /auth/reset/password-email': refused(429, { name: 'TooManyRequestsError', message: 'Too many' }),
    });
    renderUi(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'vera@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests from here');
  });
});

describe('the page a reset link opens', () => {
  const user = {
    id: 7,
    name: 'Vera',
    email: 'vera@example.com',
    username: null,
    token: 'tok',
    createdBy: 'admin',
    role: { id: 3, name: 'Viewer' },
    purpose: 'reset',
  };

  it('sets a new password and sends the user to sign in', async () => {
    const server = fakeServer({
      'GET /auth/reset/validate': user,
      'POST /auth/reset/password': () => new Response(null, { status: 200 }),
    });
    renderUi(<ResetPasswordPage token="tok" welcome={false} />);
    expect(screen.getByRole('status', { name: 'Checking the link' })).toBeTruthy();
    expect(await screen.findByText('vera@example.com')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^New password$/), 'a-new-password');
    await userEvent.type(screen.getByLabelText('New password again'), 'a-new-passwore');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Type the same password twice')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your password is set');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(await server.sent('POST /auth/reset/password')[0]!.json()).toEqual({
      token: 'tok',
      password: 'a-new-password',
    });
  });

  it('says when a link expired or was used, and offers a new one', async () => {
    fakeServer({
      'GET /auth/reset/validate': refused(400, {
        name: 'BadDataError',
        message: 'This link cannot be used',
        details: [{ path: '/querystring/token', message: 'This link cannot be used' }],
      }),
    });
    renderUi(<ResetPasswordPage token="old" welcome />);
    expect((await screen.findByRole('alert')).textContent).toContain('It expired or was used already');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgotten-password',
    );
  });
});

describe("an admin's reset link", () => {
  it('is shown to copy when the server sends no email', async () => {
    const server = fakeServer({
      'GET /api/admin/ui-config': { unleashUrl: 'http://x.test', baseUriPath: '', emailEnabled: false },
      'POST /api/admin/user-admin/reset-password': {
        resetPasswordUrl: 'http://x.test/reset-password?token=abc',
        emailSent: false,
      },
    });
    renderUi(
      <ResetLinkModal user={{ id: 7, label: 'Vera', email: 'vera@example.com' }} onClose={() => {}} />,
    );
    expect(await screen.findByText(/Switchyard does not send email/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make a reset link' }));
    expect((await screen.findByTestId('reset-link')).textContent).toBe(
      'http://x.test/reset-password?token=abc',
    );
    expect(screen.getByText(/Pass this link on to Vera/)).toBeTruthy();
    expect(await server.sent('POST /api/admin/user-admin/reset-password')[0]!.json()).toEqual({ id: '7' });
  });

  it('is emailed when the server sends email, and an error is shown', async () => {
    fakeServer({
      'GET /api/admin/ui-config': { unleashUrl: 'http://x.test', baseUriPath: '', emailEnabled: true },
      'POST /api/admin/user-admin/reset-password': refused(404, {
        name: 'NotFoundError',
        message: 'No user "7"',
      }),
    });
    renderUi(
      <ResetLinkModal user={{ id: 7, label: 'Vera', email: 'vera@example.com' }} onClose={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Email a reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No user "7"');
  });
});
